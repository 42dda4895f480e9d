import { TEAM_MESSAGES } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import { memberChangeBlockedReason, SELF_CHANGE_MESSAGE } from './memberRoleGate';
import { countMembers, inviteActionsOf } from './teamFormat';
import { canManageTeam, describeRoleAbilities, describeRoleLimits, describeWhoCan } from './teamPermissions';

describe('team permissions, read from the permission table', () => {
  it('lets owners and admins manage the team, no one else', () => {
    expect(['owner', 'admin', 'bookkeeper', 'card_only', 'custom', 'nobody'].filter(canManageTeam)).toEqual([
      'owner',
      'admin',
    ]);
  });

  it('names who can manage invites and permissions', () => {
    expect(describeWhoCan('manageTeam')).toBe('Only owners and admins can manage invites and permissions.');
  });

  it("states a bookkeeper's limits: no sending money, no managing invites and permissions", () => {
    expect(describeRoleLimits('bookkeeper')).toBe(
      'You are a bookkeeper: you cannot send money, use the company cards, manage invites and permissions or manage the company.',
    );
    expect(describeRoleLimits('admin')).toBeNull();
  });

  it('says what a role can do', () => {
    expect(describeRoleAbilities('bookkeeper')).toBe('Can see the books and keep the books.');
    expect(describeRoleAbilities('admin')).toBe(
      'Can see the books, keep the books, send money, use the company cards, manage invites and permissions and manage the company.',
    );
    expect(describeRoleAbilities('')).toBeUndefined();
  });
});

describe('invitation rows', () => {
  const invite = {
    requireApproval: true,
    approvedAt: null,
    status: 'pending' as const,
    sender: { id: 'admin-1', name: 'Alex Admin', email: 'admin@acme.test' },
  };

  it('offers Approve and Decline while an approval is needed, else Remove', () => {
    expect(inviteActionsOf(invite, 'owner-1')).toEqual({ kind: 'review', approveBlockedReason: null });
    expect(inviteActionsOf({ ...invite, status: 'awaiting_approval' }, 'owner-1').kind).toBe('review');
    expect(inviteActionsOf({ ...invite, requireApproval: false }, 'owner-1')).toEqual({ kind: 'remove' });
    expect(inviteActionsOf({ ...invite, approvedAt: '2026-11-22T10:00:00Z' }, 'owner-1').kind).toBe('remove');
    expect(inviteActionsOf({ ...invite, status: 'expired' }, 'owner-1').kind).toBe('remove');
  });

  it('keeps the sender from approving their own invitation', () => {
    expect(inviteActionsOf(invite, 'admin-1')).toEqual({
      kind: 'review',
      approveBlockedReason: TEAM_MESSAGES.approveOwnInvite,
    });
  });
});

describe('members', () => {
  it('counts All, Admin and Bookkeeper', () => {
    const roles = ['owner', 'admin', 'admin', 'bookkeeper', 'card_only'];
    expect(countMembers(roles.map((role) => ({ role })))).toEqual({ all: 5, admin: 2, bookkeeper: 1 });
  });

  it('blocks role changes for non-managers, on the owner and on oneself', () => {
    const member = { editable: true, isViewer: false };
    expect(memberChangeBlockedReason(member, true)).toBeNull();
    expect(memberChangeBlockedReason(member, false)).toBe(describeWhoCan('manageTeam'));
    expect(memberChangeBlockedReason({ ...member, editable: false }, true)).toBe(
      TEAM_MESSAGES.ownerNotEditable,
    );
    expect(memberChangeBlockedReason({ ...member, isViewer: true }, true)).toBe(SELF_CHANGE_MESSAGE);
  });
});
