import { builder } from './builder';
import '../modules/entities/types';
import '../modules/entities/queries';
import '../modules/entities/mutations';
import '../modules/ledger/accounts';
import '../modules/ledger/entries';
import '../modules/ledger/forecasts';
import '../modules/ledger/history';
import '../modules/ledger/rules';
import '../modules/reports/types';
import '../modules/reports/queries';
import '../modules/transactions/queries';
import '../modules/models';
import '../modules/hiring';
import '../modules/dashboards';
import '../modules/team';
import '../modules/profile';
import '../modules/security';
import '../modules/billing';
import '../modules/banking';
import '../modules/linking';
import '../modules/accounting';
import '../modules/jobs';
import '../modules/assistant';
import '../modules/serverFeatures';

/** Importing a module's types, queries and mutations registers them on the builder. */
export const schema = builder.toSchema();
