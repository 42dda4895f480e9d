import { builder } from './builder';
import '../modules/entities/types';
import '../modules/entities/queries';
import '../modules/entities/mutations';
import '../modules/ledger/types';
import '../modules/ledger/entryTypes';
import '../modules/ledger/queries';
import '../modules/ledger/accountMutations';
import '../modules/ledger/entryMutations';
import '../modules/ledger/moveMutations';
import '../modules/ledger/forecastMutations';
import '../modules/ledger/forecastQueries';
import '../modules/reports/types';
import '../modules/reports/queries';
import '../modules/transactions/queries';

/** Importing a module's types, queries and mutations registers them on the builder. */
export const schema = builder.toSchema();
