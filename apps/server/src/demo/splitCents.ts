/**
 * Splits `total` cents into parts proportional to `weights` that add up to `total` exactly, each at
 * least one cent when `total` allows it. Leftover cents of the rounding go to the first parts.
 */
export function splitCents(total: number, weights: readonly number[]): number[] {
  const count = weights.length;
  if (count === 0) return [];
  const floor = total >= count ? 1 : 0;
  const rest = total - floor * count;
  let weightSum = 0;
  for (const weight of weights) weightSum += weight;
  const parts = weights.map((weight) => floor + Math.floor((rest * weight) / weightSum));
  let leftover = total;
  for (const part of parts) leftover -= part;
  for (let i = 0; leftover > 0; i = (i + 1) % count) {
    parts[i] = (parts[i] ?? 0) + 1;
    leftover -= 1;
  }
  return parts;
}
