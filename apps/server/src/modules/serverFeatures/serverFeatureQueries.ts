import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { ServerFeatureRef, serverFeatureViews } from './serverFeatureTypes';

builder.queryFields((t) => ({
  serverFeatures: t.field({
    ...fieldPolicy({ access: 'viewer' }),
    type: [ServerFeatureRef],
    description:
      "Each feature that needs an outside vendor (banking, payments, plaid, moneykit, quickbooks, sms) with its state on this server and its notice. The web app shows an off feature's notice in place of its pages and controls, whose operations answer FEATURE_UNAVAILABLE.",
    resolve: (_root, _args, ctx) => {
      ctx.requireViewer();
      return serverFeatureViews(ctx.config);
    },
  }),
}));
