import { Loader } from '@mantine/core';
import classes from './ReportGrid.module.css';

/**
 * Above the grid while the Variance option is on: what the second line of a past month is, what its
 * colours mean, and whether the plans are still loading or failed. Always rendered (empty while off),
 * so the grid's height follows it as it appears (useFillViewportHeight watches what sits above).
 */
export function VarianceLegend({
  shown,
  loading,
  error,
}: {
  shown: boolean;
  loading: boolean;
  error: string | null;
}) {
  return (
    <div className={classes.varianceLegend} data-testid="variance-legend">
      {shown ? (
        <>
          <span>Variance under each past month: actual − plan as the month began.</span>
          <span className={classes.varianceGood}>
            <span className={classes.legendSwatch} aria-hidden />
            Better than plan
          </span>
          <span className={classes.varianceBad}>
            <span className={classes.legendSwatch} aria-hidden />
            Worse than plan
          </span>
          {loading ? (
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <Loader size={12} aria-hidden />
              Loading plans…
            </span>
          ) : null}
          {error ? <span className={classes.varianceBad}>Plans could not be loaded: {error}</span> : null}
        </>
      ) : null}
    </div>
  );
}
