import { PRODUCT_NAME } from '@keel/domain';
import type { EmailMessage } from '../../providers';

/**
 * The emails that tell a person their account's security changed, so a change they did not make is
 * noticed: the password, and two-factor turned on or off.
 */
type SecurityChange = 'password_changed' | 'two_factor_enabled' | 'two_factor_disabled';

const WHAT: Record<SecurityChange, { subject: string; line: string }> = {
  password_changed: {
    subject: `Your ${PRODUCT_NAME} password was changed`,
    line: 'Your password was changed. Every other session was signed out.',
  },
  two_factor_enabled: {
    subject: `Two-factor authentication is on for your ${PRODUCT_NAME} account`,
    line: 'Two-factor authentication was turned on: signing in now also asks for a code.',
  },
  two_factor_disabled: {
    subject: `Two-factor authentication is off for your ${PRODUCT_NAME} account`,
    line: 'Two-factor authentication was turned off: signing in no longer asks for a code.',
  },
};

export function securityNotice(to: string, change: SecurityChange, detail?: string): EmailMessage {
  const { subject, line } = WHAT[change];
  return {
    to,
    subject,
    text: [
      line,
      ...(detail ? [detail] : []),
      '',
      `If it was not you, reset your password at once from the sign-in page and tell us at security@keel.dev.`,
    ].join('\n'),
  };
}
