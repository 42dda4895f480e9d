import { z } from 'zod';
import { ASSIGNABLE_ROLES, type AssignableRole } from '../permissions';
import { emailSchema } from './auth';
import { requiredNameSchema } from './text';

/**
 * Form and API rules for the team: invitations and members' roles (spec §3 Invite and Member, §5
 * 'Invite', §6). One definition, used by the team screens and the server.
 */

/** Spec §9's name lengths (first name 36, last name 40). */
export const INVITE_FIRST_NAME_MAX = 36;
export const INVITE_LAST_NAME_MAX = 40;
/** Open invitations one company may have at once, so the list and every check over it stay bounded. */
export const OPEN_INVITES_MAX = 100;
/** How long an invitation link works. */
export const INVITE_TTL_DAYS = 14;

/** The team's messages: the spec's where it has one ('Select a role...'), ours elsewhere. */
export const TEAM_MESSAGES = {
  selectRole: 'Select a role...',
  invalidRole: 'Role must be admin or bookkeeper',
  alreadyMember: 'This person is already a member of the team',
  alreadyInvited: 'An invitation has already been sent to this email',
  tooManyInvites: `A team can have at most ${OPEN_INVITES_MAX} open invitations`,
  tooManyInviteEmails: 'Too many invitations sent lately. Try again later.',
  ownerNotEditable: "The owner's role cannot be changed",
  ownerNotRemovable: 'The owner cannot be removed from the team',
  approvalNotNeeded: 'This invitation does not need approval',
  alreadyApproved: 'This invitation is already approved',
  approveOwnInvite: 'An invitation needs the approval of someone other than the person who sent it',
  inviteNotFound: 'Invitation not found',
  memberNotFound: 'Member not found',
  inviteInvalid: 'This invitation is invalid, has expired, was already used, or was sent to another email',
} as const;

/** A role chosen for an invitation or a member: admin or bookkeeper (spec §6). */
export const assignableRoleSchema = z
  .string({ error: TEAM_MESSAGES.selectRole })
  .trim()
  .min(1, TEAM_MESSAGES.selectRole)
  .refine((role) => (ASSIGNABLE_ROLES as readonly string[]).includes(role), TEAM_MESSAGES.invalidRole)
  .transform((role) => role as AssignableRole);

/** The invite form: first name, last name, email and role, all required (spec §5 'Invite'). */
export const inviteFormSchema = z.object({
  firstName: requiredNameSchema('First name', INVITE_FIRST_NAME_MAX),
  lastName: requiredNameSchema('Last name', INVITE_LAST_NAME_MAX),
  email: emailSchema.transform((email) => email.toLowerCase()),
  role: assignableRoleSchema,
});
export type InviteForm = z.infer<typeof inviteFormSchema>;

/** The member page's form: the role radio (spec §2 /settings/team/member). */
export const memberFormSchema = z.object({ role: assignableRoleSchema });
export type MemberForm = z.infer<typeof memberFormSchema>;
