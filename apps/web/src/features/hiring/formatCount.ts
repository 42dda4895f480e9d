/**
 * A count with its noun in the right number: '1 hire', '2 hires', '0 positions', '1 person',
 * '3 people'. `plural` defaults to the singular with an 's'.
 */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
