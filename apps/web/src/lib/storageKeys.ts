import { PRODUCT_SLUG } from '@keel/domain';

/** Every local-storage key the web app uses (spec §9), in one place. */
export const STORAGE_KEYS = {
  /** The signed-in user's access token (spec §3 Auth state). */
  authToken: `${PRODUCT_SLUG}_auth`,
  /** App state: the selected entity. */
  appState: `${PRODUCT_SLUG}_app-state`,
  /** Local feature-flag overrides (spec §3 Feature flags). */
  featureFlags: `${PRODUCT_SLUG}_feature-flags`,
  /** Whether the sidebar is open; the spec names this key. */
  navOpen: 'navOpen',
  /** The visitor's cookie choice. */
  cookieConsent: `${PRODUCT_SLUG}_cookie-consent`,
  /** Report column options (spec §3 Report options). */
  reportOptions: `${PRODUCT_SLUG}_report-options`,
  /** Runway calculation method (spec §3). */
  runwayMethod: 'runway-calculation-method',
  /** Report date range; the version suffix changes when its shape does. */
  dateRange: `${PRODUCT_SLUG}_date-range-v1`,
  /** The against account last booked on, per entity: the Entry and Forecast forms' default. */
  againstAccount: `${PRODUCT_SLUG}_against-account`,
  /** Whether the Financial Report's summary cards are collapsed to one line of key figures. */
  summaryCardsCollapsed: `${PRODUCT_SLUG}_summary-cards-collapsed`,
  /** A bank-link flow under way (its link token), resumed by /plaid-oauth and /moneykit-oauth. */
  pendingBankLink: `${PRODUCT_SLUG}_pending-bank-link`,
  /** The last 'Ask Keel AI' conversation per entity (its thread id), reopened with the chat. */
  chatThreads: `${PRODUCT_SLUG}_chat-threads`,
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const DASHBOARD_ACTUALS_END_PREFIX = `${PRODUCT_SLUG}_dashboard-actuals-end_`;

/** The actuals end month saved per dashboard (spec §3). */
export function dashboardActualsEndKey(dashboardId: string): string {
  return `${DASHBOARD_ACTUALS_END_PREFIX}${dashboardId}`;
}

/** Device preferences that outlive a sign-out; everything else is account state. */
const KEPT_ON_LOGOUT: readonly StorageKey[] = [STORAGE_KEYS.navOpen, STORAGE_KEYS.cookieConsent];

/** Which keys a sign-out removes: the token and all stored app state, but not navOpen or the cookie choice. */
export function isClearedOnLogout(key: string): boolean {
  if (key.startsWith(DASHBOARD_ACTUALS_END_PREFIX)) return true;
  return (
    (Object.values(STORAGE_KEYS) as string[]).includes(key) && !(KEPT_ON_LOGOUT as string[]).includes(key)
  );
}

/** Session-storage key: set while the page reloads once to pick up a new build (lib/lazyPage.ts). */
export const RELOADED_FOR_NEW_BUILD_KEY = `${PRODUCT_SLUG}_reloaded-for-new-build`;
