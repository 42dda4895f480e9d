import { describe, expect, it } from 'vitest';
import { inviteFormSchema, memberFormSchema, TEAM_MESSAGES } from './team';

const valid = { firstName: ' Ada ', lastName: 'Lovelace', email: ' Ada@Example.COM ', role: 'admin' };

describe('inviteFormSchema', () => {
  it('trims the names and lower-cases the email', () => {
    expect(inviteFormSchema.parse(valid)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      role: 'admin',
    });
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: 'x'.repeat(41) }, 'lastName', 'Last name must be at most 40 characters'],
    [{ email: 'nope' }, 'email', 'Invalid email'],
    [{ role: '' }, 'role', TEAM_MESSAGES.selectRole],
    [{ role: undefined }, 'role', TEAM_MESSAGES.selectRole],
    [{ role: 'owner' }, 'role', TEAM_MESSAGES.invalidRole],
  ])('refuses %o on its field', (change, field, message) => {
    const parsed = inviteFormSchema.safeParse({ ...valid, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: [field], message });
  });
});

describe('memberFormSchema', () => {
  it('offers admin and bookkeeper only (spec §6)', () => {
    expect(memberFormSchema.safeParse({ role: 'bookkeeper' }).success).toBe(true);
    for (const role of ['owner', 'card_only', 'custom', 'Admin']) {
      expect(memberFormSchema.safeParse({ role }).success).toBe(false);
    }
  });
});
