import type { TransferRail, TransferStatus } from '@keel/domain';

/** How a rail is named on screen. */
export const RAIL_LABELS: Record<TransferRail, string> = { ach: 'ACH', wire: 'Wire' };

/** A rail as the server sends it ('ach', 'wire'), named; an unknown one as sent. */
export function railLabel(rail: string): string {
  return rail === 'ach' || rail === 'wire' ? RAIL_LABELS[rail] : rail;
}

/**
 * A transfer's status as a badge: awaiting approval waits for a second member, pending waits for the
 * bank, posted is done, returned came back, canceled never left.
 */
export function transferStatusBadge(status: string): { label: string; color: string } {
  const known: Record<TransferStatus | 'awaiting_approval' | 'canceled', { label: string; color: string }> = {
    awaiting_approval: { label: 'Awaiting approval', color: 'orange' },
    pending: { label: 'Pending', color: 'yellow' },
    canceled: { label: 'Canceled', color: 'gray' },
    posted: { label: 'Posted', color: 'teal' },
    returned: { label: 'Returned', color: 'red' },
  };
  return status in known ? known[status as keyof typeof known] : { label: status, color: 'gray' };
}
