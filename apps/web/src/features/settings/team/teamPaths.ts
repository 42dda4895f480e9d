/** The team page (spec §2 /settings/team). */
export const TEAM_PATH = '/settings/team';

/** A member's page (spec §2 /settings/team/member?id={id}). */
export function memberPath(id: string): string {
  return `${TEAM_PATH}/member?id=${encodeURIComponent(id)}`;
}
