const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Cents as dollars with 2 decimals (spec §1): 123456 -> '$1,234.56'. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** The last `count` digits of a phone or account number (spec §9: SMS shows the last 4 phone digits). */
export function lastDigits(value: string | null | undefined, count = 4): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.slice(-count);
}

/** Up to two initials for an avatar: 'Acme Robotics Inc.' -> 'AR'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}
