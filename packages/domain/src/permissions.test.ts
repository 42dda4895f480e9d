import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  type Capability,
  PERMISSION_TABLE,
  permissionSummary,
  permissionTableMarkdown,
  ROLES,
  roleCan,
} from './permissions';

describe('roleCan', () => {
  it('lets owners and admins send money and manage the team', () => {
    for (const role of ['owner', 'admin'] as const) {
      expect(roleCan(role, 'sendMoney')).toBe(true);
      expect(roleCan(role, 'manageTeam')).toBe(true);
      expect(roleCan(role, 'manageEntity')).toBe(true);
    }
  });

  it('lets a bookkeeper keep the books but not send money or manage invites and permissions', () => {
    expect(roleCan('bookkeeper', 'read')).toBe(true);
    expect(roleCan('bookkeeper', 'bookkeeping')).toBe(true);
    expect(roleCan('bookkeeper', 'sendMoney')).toBe(false);
    expect(roleCan('bookkeeper', 'manageTeam')).toBe(false);
    expect(roleCan('bookkeeper', 'manageEntity')).toBe(false);
  });

  it('lets card-only members open the company (its name, their role) and use its cards, but not its books', () => {
    const all: Capability[] = [...CAPABILITIES];
    expect(all.filter((capability) => roleCan('card_only', capability))).toEqual(['member', 'useCards']);
  });

  it('lets every role open the company it belongs to', () => {
    for (const role of ROLES) expect(roleCan(role, 'member')).toBe(true);
  });

  it('grants every role that can do anything at least read', () => {
    for (const role of ROLES) {
      if (roleCan(role, 'bookkeeping')) expect(roleCan(role, 'read')).toBe(true);
    }
  });
});

describe('the permission table', () => {
  it('has one row per capability, in the order of CAPABILITIES', () => {
    expect(PERMISSION_TABLE.map((row) => row.capability)).toEqual([...CAPABILITIES]);
  });

  it('is what roleCan answers, role by role', () => {
    for (const role of ROLES) {
      for (const row of PERMISSION_TABLE) {
        expect(roleCan(role, row.capability)).toBe(row.roles.includes(role));
      }
    }
  });

  it("gives a bookkeeper's summary every capability, with sending money and managing the team not allowed", () => {
    const summary = permissionSummary('bookkeeper');
    expect(summary.map((item) => item.capability)).toEqual([...CAPABILITIES]);
    expect(summary.filter((item) => !item.allowed).map((item) => item.label)).toEqual([
      'Send money',
      'Use the company cards',
      'Manage invites and permissions',
      'Manage the company',
    ]);
  });

  it("is the README's permission table", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(permissionTableMarkdown());
  });
});
