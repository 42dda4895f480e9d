import { PRODUCT_NAME } from './product';

/**
 * The parts of the product that need an outside vendor and that Keel can also simulate: its deposit
 * accounts with their cards, transfers, statements and tax documents (`banking`), the Pro Plan's
 * payments, bank linking through each aggregator (`plaid`, provider A; `moneykit`, provider B), the
 * accounting connection (`quickbooks`) and sign-in and two-factor text messages (`sms`).
 */
export const SERVER_FEATURES = ['banking', 'payments', 'plaid', 'moneykit', 'quickbooks', 'sms'] as const;
export type ServerFeature = (typeof SERVER_FEATURES)[number];

/**
 * How a server offers a feature: `live`, through the vendor's production environment; `sandbox`, through
 * a simulation (Keel's own, or the vendor's test environment), where no real money or bank data moves;
 * `off`, not at all.
 */
export const SERVER_FEATURE_STATES = ['live', 'sandbox', 'off'] as const;
export type ServerFeatureState = (typeof SERVER_FEATURE_STATES)[number];

export function isServerFeature(name: string): name is ServerFeature {
  return (SERVER_FEATURES as readonly string[]).includes(name);
}

/** Each feature's name in a sentence ('Simulated here: banking, payments'). */
export const SERVER_FEATURE_LABELS: Record<ServerFeature, string> = {
  banking: 'banking',
  payments: 'payments',
  plaid: 'bank linking through Plaid',
  moneykit: 'bank linking through MoneyKit',
  quickbooks: 'QuickBooks',
  sms: 'text messages',
};

/** What a person reads where a feature this server does not offer would be. */
export const FEATURE_UNAVAILABLE_MESSAGES: Record<ServerFeature, string> = {
  banking: 'Banking is not set up on this server',
  payments: 'Payments are not set up on this server',
  plaid: 'Bank linking through Plaid is not set up on this server',
  moneykit: 'Bank linking through MoneyKit is not set up on this server',
  quickbooks: 'QuickBooks is not set up on this server',
  sms: 'Text messages are not set up on this server',
};

/**
 * What a person reads where a simulated feature shows money or bank data on a production server (a
 * staging server), so nobody takes the simulation for a bank.
 */
export const FEATURE_SIMULATED_MESSAGES: Record<ServerFeature, string> = {
  banking: `Banking is simulated on this server: these ${PRODUCT_NAME} accounts, cards and transfers are not at a bank, and no money moves`,
  payments: 'Payments are simulated on this server: no card is charged',
  plaid: 'Bank linking through Plaid is simulated on this server: its banks and balances are not real',
  moneykit: 'Bank linking through MoneyKit is simulated on this server: its banks and balances are not real',
  quickbooks: 'QuickBooks is simulated on this server: its company files are not real',
  sms: 'Text messages are simulated on this server: no text message is sent',
};
