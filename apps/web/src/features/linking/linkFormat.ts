import { formatCents } from '../../lib/format';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** When a link or balance was last updated, in the viewer's time: 'Nov 22, 2026, 3:04 PM'. */
export function formatUpdatedAt(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** An account number's last digits as the page shows them (spec §9 masking): '••0000'; '' when none. */
export function formatMask(mask: string | null | undefined): string {
  return mask ? `••${mask}` : '';
}

/** A balance the institution may not give: '—' when it gives none. */
export function formatOptionalCents(cents: number | null): string {
  return cents === null ? '—' : formatCents(cents);
}
