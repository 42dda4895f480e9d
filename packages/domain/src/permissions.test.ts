import { describe, expect, it } from 'vitest';
import { type Capability, ROLES, roleCan } from './permissions';

describe('roleCan', () => {
  it('lets owners and admins send money and manage the team', () => {
    for (const role of ['owner', 'admin'] as const) {
      expect(roleCan(role, 'sendMoney')).toBe(true);
      expect(roleCan(role, 'manageTeam')).toBe(true);
    }
  });

  it('lets a bookkeeper keep the books but not send money or manage invites and permissions', () => {
    expect(roleCan('bookkeeper', 'read')).toBe(true);
    expect(roleCan('bookkeeper', 'bookkeeping')).toBe(true);
    expect(roleCan('bookkeeper', 'sendMoney')).toBe(false);
    expect(roleCan('bookkeeper', 'manageTeam')).toBe(false);
    expect(roleCan('bookkeeper', 'manageEntity')).toBe(false);
  });

  it('lets card-only members open the company (its name, their role) but not its books', () => {
    const all: Capability[] = ['member', 'read', 'bookkeeping', 'sendMoney', 'manageTeam', 'manageEntity'];
    expect(all.filter((capability) => roleCan('card_only', capability))).toEqual(['member']);
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
