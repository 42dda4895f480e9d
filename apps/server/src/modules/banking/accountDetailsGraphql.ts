import { requireFeature } from '../../errors';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import { type RevealedAccountNumber, revealAccountNumber } from './accountNumberReveal';
import { BankApplicationRef } from './bankingTypes';
import { requireDepositAccount } from './cardContext';

/**
 * A deposit account's details (to fund the account; the business's EIN): revealAccountNumber, and the
 * application's einLast4. Registered on import (modules/banking/index.ts).
 */

const AccountNumberRevealRef = builder.objectRef<RevealedAccountNumber>('AccountNumberReveal').implement({
  description:
    "A deposit account's full numbers, for funding it from another bank. Answered once per password check; not cached by the web.",
  fields: (t) => ({
    accountId: t.exposeID('accountId'),
    accountNumber: t.exposeString('accountNumber', { description: 'The full account number, digits only.' }),
    routingNumber: t.exposeString('routingNumber', { description: 'The ABA routing number (never secret).' }),
  }),
});

builder.mutationFields((t) => ({
  revealAccountNumber: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: AccountNumberRevealRef,
    description:
      "The full account and routing numbers of a Keel deposit account, after the viewer's password is typed again (rate-limited like signing in: 'Password is required' / 'Invalid password' on `password`, TOO_MANY_REQUESTS past the limits). Needs read, as the statements that print the number do; another company's account is 'Account not found'. Each reveal is an audit event (account_number.revealed) that never holds the number.",
    args: {
      accountId: t.arg.id({ required: true }),
      password: t.arg.string({ required: true, ...textLimit(1024) }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = ctx.requireViewer();
      const account = await requireDepositAccount(ctx, String(args.accountId), 'read');
      requireFeature(ctx.config.FEATURES, 'banking');
      return revealAccountNumber(ctx, {
        userId: viewer.userId,
        account,
        password: args.password,
        client: ctx.client,
      });
    },
  }),
}));

builder.objectFields(BankApplicationRef, (t) => ({
  einLast4: t.string({
    nullable: true,
    description:
      "The last 4 digits of the business's EIN; null for an application made before the EIN was asked.",
    resolve: (application) => application.einLast4,
  }),
}));
