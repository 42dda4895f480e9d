/** The timers of spec §9, in one place. */
export const COOKIE_CONSENT_DELAY_MS = 1000;
export const LOADING_ANIMATION_INTERVAL_MS = 2000;
/**
 * 'Ask Keel AI' (spec §9 'chat message delay'): an assistant message, the greeting or a reply, appears
 * no sooner than this after the user's action that brings it (opening the chat or starting a new
 * conversation, sending a question), with a typing indicator meanwhile; a reply that takes longer
 * keeps the indicator until its first words arrive.
 */
export const CHAT_MESSAGE_DELAY_MS = 750;
/** A succeeded job's status stays this long, then disappears (spec §4 Job status). */
export const SUCCEEDED_JOB_VISIBLE_MS = 1000;
export const TOAST_DURATION_MS = 3000;
export const LOGOUT_AFTER_PASSWORD_CHANGE_MS = 2000;
export const SMS_RESEND_COOLDOWN_MS = 30_000;
/** Lifetime of the g_csrf_token cookie set before a Google sign-in post. */
export const GOOGLE_CSRF_COOKIE_MAX_AGE_S = 5 * 60;
