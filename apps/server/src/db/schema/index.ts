export * from './auth';
export * from './entities';
export * from './ledger';
