import type { Role } from '@keel/domain';

/**
 * The published demo password: every demo user signs in with it in development (the README quotes it).
 * Production refuses it (config DEMO_PASSWORD, productionProfile.ts).
 */
export const DEMO_PASSWORD = 'keel-demo-2026';

export const DEMO_COMPANY_NAME = 'Acme Robotics Inc.';
export const DEMO_HOLDINGS_NAME = 'Acme Holdings LLC';

type DemoUser = {
  name: string;
  email: string;
  /** The user's role in the demo company; the owner also owns the holdings company. */
  role: Role;
};

/** The demo owner: the login printed at start-up. */
export const DEMO_OWNER: DemoUser = { name: 'Dana Demo', email: 'demo@keel.test', role: 'owner' };

/**
 * The people of the demo company, one or more per role. 'staff@keel.dev' is Keel staff (the keel.dev
 * domain sees the Feature Flags menu) and joins as an admin.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  DEMO_OWNER,
  { name: 'Alex Admin', email: 'admin@acme-robotics.test', role: 'admin' },
  { name: 'Avery Park', email: 'avery@acme-robotics.test', role: 'admin' },
  { name: 'Blake Books', email: 'bookkeeper@acme-robotics.test', role: 'bookkeeper' },
  { name: 'Casey Ledger', email: 'casey@acme-robotics.test', role: 'bookkeeper' },
  { name: 'Cory Card', email: 'card@acme-robotics.test', role: 'card_only' },
  { name: 'Sam Staff', email: 'staff@keel.dev', role: 'admin' },
];
