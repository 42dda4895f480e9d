import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import { secretBoxOf } from '../../secrets/secretBox';
import { TwoFactorSetupRef } from './securityTypes';
import { openTwoFactorSetup } from './twoFactorSetup';

builder.queryFields((t) => ({
  twoFactor: t.field({
    ...fieldPolicy({ access: 'viewer' }),
    type: TwoFactorSetupRef,
    description:
      "TwoFactor(password) (spec §7): re-enter the password to open the two-factor section for 15 minutes (rate-limited like signing in: a wrong one is BAD_USER_INPUT on 'password', too many TOO_MANY_REQUESTS). With no method on, a new authenticator secret and its QR code.",
    args: { password: t.arg.string({ required: true, ...textLimit(1024) }) },
    resolve: (_root, args, ctx) =>
      openTwoFactorSetup(
        ctx.db,
        ctx.clock,
        secretBoxOf(ctx.config),
        ctx.requireViewer(),
        args.password,
        ctx.client,
      ),
  }),
}));
