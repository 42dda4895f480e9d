import type { Cents, TransferRail } from '@keel/domain';

/**
 * The bank's default daily sending limit of one deposit account on each rail, in cents: ACH $10,000, wire
 * $20,000. The sandbox and the Increase adapter both answer dailyLimits with it.
 */
export const DEFAULT_DAILY_LIMITS: Record<TransferRail, Cents> = { ach: 1_000_000, wire: 2_000_000 };
