import { describe, expect, it } from 'vitest';
import { buildSidebarItems, buildUserMenuItems, isActivePath } from './navigation';

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('buildSidebarItems', () => {
  it('shows Transactions while the accounting connection is off, and no Keel pages without a Keel account', () => {
    expect(labels(buildSidebarItems({ apiFlags: { qbo: false }, hasKeelAccounts: false }))).toEqual([
      'Financial Report',
      'Hiring Plan',
      'Accounts',
      'Dashboard',
      'Models',
      'Transactions',
    ]);
  });

  it('hides Transactions when the qbo flag is on', () => {
    expect(labels(buildSidebarItems({ apiFlags: { qbo: true }, hasKeelAccounts: false }))).not.toContain(
      'Transactions',
    );
  });

  it('shows Keel Transactions and Documents only with a Keel deposit account', () => {
    const items = buildSidebarItems({ apiFlags: { qbo: true }, hasKeelAccounts: true });
    expect(labels(items)).toEqual([
      'Financial Report',
      'Hiring Plan',
      'Accounts',
      'Dashboard',
      'Models',
      'Keel Transactions',
      'Documents',
    ]);
    expect(items.find((item) => item.label === 'Keel Transactions')?.path).toBe('/keel-transactions');
  });
});

describe('buildUserMenuItems', () => {
  it('lists Billing in development', () => {
    expect(labels(buildUserMenuItems({ production: false, staff: false }))).toEqual([
      'My profile',
      'Integrations',
      'Billing',
      'Teams',
      'Security',
    ]);
  });

  it('hides Billing in production for everyone but staff', () => {
    expect(labels(buildUserMenuItems({ production: true, staff: false }))).not.toContain('Billing');
    expect(labels(buildUserMenuItems({ production: true, staff: true }))).toContain('Billing');
  });
});

describe('isActivePath', () => {
  it('marks a section active on its own pages', () => {
    expect(isActivePath('/models', '/models/12')).toBe(true);
    expect(isActivePath('/accounts', '/accounts/linked')).toBe(true);
    expect(isActivePath('/models', '/modelsx')).toBe(false);
  });

  it('treats /reports/:id as the Financial Report', () => {
    expect(isActivePath('/financial', '/reports/7')).toBe(true);
  });
});
