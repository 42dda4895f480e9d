import { maskAccountNumber, PRODUCT_NAME } from '@keel/domain';
import type { EmailMessage } from '../../providers';

/** Where the account's numbers are, in words the approval email and the web both use. */
const FUND_ACCOUNT_HINT = (accountName: string) =>
  `open ${accountName} and choose Show to see the full account and routing numbers`;

/**
 * The email an approved application sends its applicant: the account
 * is open, its name and masked number (never the full number: an email is not a safe place for it), and
 * how to fund it. `appUrl`, when known, links the page that shows the numbers.
 */
export function accountOpenedEmail(input: {
  to: string;
  firstName: string;
  companyName: string;
  account: { name: string; accountNumber: string };
  appUrl?: string | undefined;
}): EmailMessage {
  const { account } = input;
  const page = input.appUrl ? `${input.appUrl.replace(/\/+$/, '')}/keel-checking` : null;
  return {
    to: input.to,
    subject: `Your ${account.name} account is open`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `${input.companyName}'s application was approved: ${account.name} ${maskAccountNumber(account.accountNumber)} is open.`,
      '',
      `To fund it from another bank, sign in to ${PRODUCT_NAME}, ${FUND_ACCOUNT_HINT(account.name)}, then send money to it from your other bank.`,
      ...(page ? [page] : []),
      '',
      `If you did not apply for a ${PRODUCT_NAME} account, reply to this email.`,
    ].join('\n'),
  };
}
