import { describe, expect, it } from 'vitest';
import {
  buildSidebarItems,
  buildUserMenuItems,
  canSeeBooks,
  isActivePath,
  isPathAllowed,
} from './navigation';

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('buildSidebarItems', () => {
  it('shows Transactions while the accounting connection is off, and no Keel pages without a Keel account', () => {
    expect(
      labels(buildSidebarItems({ apiFlags: { qbo: false }, hasKeelAccounts: false, viewerRole: 'admin' })),
    ).toEqual(['Financial Report', 'Hiring Plan', 'Accounts', 'Dashboard', 'Models', 'Transactions']);
  });

  it('hides Transactions when the qbo flag is on', () => {
    expect(
      labels(buildSidebarItems({ apiFlags: { qbo: true }, hasKeelAccounts: false, viewerRole: 'admin' })),
    ).not.toContain('Transactions');
  });

  it('shows Keel Transactions, Documents and Cards only with a Keel deposit account', () => {
    const items = buildSidebarItems({ apiFlags: { qbo: true }, hasKeelAccounts: true, viewerRole: 'admin' });
    expect(labels(items)).toEqual([
      'Financial Report',
      'Hiring Plan',
      'Accounts',
      'Dashboard',
      'Models',
      'Keel Transactions',
      'Documents',
      'Cards',
    ]);
    expect(items.find((item) => item.label === 'Keel Transactions')?.path).toBe('/keel-transactions');
    expect(items.find((item) => item.label === 'Cards')?.path).toBe('/cards');
  });

  it('puts Cards in reach of every role that may see the cards: owner, admin, bookkeeper, custom, card-only', () => {
    for (const viewerRole of ['owner', 'admin', 'bookkeeper', 'custom', 'card_only']) {
      expect(
        labels(buildSidebarItems({ apiFlags: { qbo: false }, hasKeelAccounts: true, viewerRole })),
      ).toContain('Cards');
    }
    // Without a deposit account no card can exist: only a card-only member keeps the link (their only page).
    expect(
      labels(buildSidebarItems({ apiFlags: { qbo: false }, hasKeelAccounts: false, viewerRole: 'owner' })),
    ).not.toContain('Cards');
    expect(
      labels(
        buildSidebarItems({ apiFlags: { qbo: false }, hasKeelAccounts: false, viewerRole: 'card_only' }),
      ),
    ).toEqual(['Cards']);
    expect(
      labels(buildSidebarItems({ apiFlags: { qbo: false }, hasKeelAccounts: true, viewerRole: 'superuser' })),
    ).toEqual(['Cards']);
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

describe('what a role shows', () => {
  it('gives a card-only member their cards, profile and security only', () => {
    const cardOnly = { apiFlags: { qbo: false }, hasKeelAccounts: true, viewerRole: 'card_only' };
    expect(labels(buildSidebarItems(cardOnly))).toEqual(['Cards']);
    expect(labels(buildUserMenuItems({ production: false, staff: true, books: false }))).toEqual([
      'My profile',
      'Security',
    ]);
    expect(canSeeBooks('card_only')).toBe(false);
    for (const path of ['/cards', '/settings', '/settings/security'])
      expect(isPathAllowed('card_only', path)).toBe(true);
    for (const path of ['/financial', '/reports/1', '/transactions', '/settings/team', '/dashboard'])
      expect(isPathAllowed('card_only', path)).toBe(false);
  });

  it('lets every role that reads the books open every page, and treats an unknown role as card-only', () => {
    for (const role of ['owner', 'admin', 'bookkeeper', 'custom']) {
      expect(canSeeBooks(role)).toBe(true);
      expect(isPathAllowed(role, '/financial')).toBe(true);
    }
    expect(canSeeBooks('superuser')).toBe(false);
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
