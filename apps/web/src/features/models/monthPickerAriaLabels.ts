import type { CalendarAriaLabels } from '@mantine/dates';

/**
 * Names for the arrow buttons of the models screen's month pickers, which show only a chevron: a screen
 * reader (and a test) finds them as 'Previous year' and 'Next year' (a decade when the years are
 * listed). The year label between them is a button named by the year it shows ('2026').
 */
export const MONTH_PICKER_ARIA_LABELS: CalendarAriaLabels = {
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};
