export * from './auth';
export * from './dashboards';
export * from './entities';
export * from './hiring';
export * from './idempotency';
export * from './ledger';
export * from './models';
export * from './profile';
