import { normalizeSegments } from '@keel/domain';
import type { StoredSegment } from '../../db/schema';

/**
 * The first problem with a variable's segments over a model range (spec §5: a segment cannot start
 * before the model start; its end must be after its start), or null.
 */
export function findSegmentProblem(
  segments: StoredSegment[],
  startMonth: string,
  endMonth: string,
): string | null {
  const result = normalizeSegments(segments, startMonth, endMonth);
  return result.ok ? null : result.error;
}
