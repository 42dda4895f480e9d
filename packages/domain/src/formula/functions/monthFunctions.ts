import { checkFinite } from '../formulaValue';
import { daysInMonth, weekdaysInMonth } from '../monthSerial';
import { monthArgument, numberArgument, type ScalarFunction } from './scalarFunction';

/**
 * Keel's month functions. A month is a month serial (year × 12 + month index, see monthSerial); where
 * a month argument is optional it defaults to the cell's month, and it may be given as a serial or as
 * text 'YYYY-MM'. "Today" is the evaluation's `today` month, never the system clock, so a model
 * evaluates the same wherever and whenever it runs.
 */

/** NOW(): the current month's serial. */
const NOW: ScalarFunction = (_args, context) => context.today;

/**
 * MONTH_VALUE(): the cell's month serial; MONTH_VALUE(month): that month's serial (MONTH_VALUE("2027-03")).
 * The form MONTH_VALUE({{variable.ref}}, month) reads a variable and is compiled with the references.
 */
const MONTH_VALUE: ScalarFunction = (args, context) => monthArgument(args, 0, 'MONTH_VALUE', context);

/** MONTH_NUMBER(month?): the month of the year, 1 (January) to 12. */
const MONTH_NUMBER: ScalarFunction = (args, context) => {
  const month = monthArgument(args, 0, 'MONTH_NUMBER', context);
  return typeof month === 'object' ? month : (month % 12) + 1;
};

/** DAYS_IN_MONTH(month?): 28 to 31, leap years counted. */
const DAYS_IN_MONTH: ScalarFunction = (args, context) => {
  const month = monthArgument(args, 0, 'DAYS_IN_MONTH', context);
  return typeof month === 'object' ? month : daysInMonth(month);
};

/** WEEKDAYS_IN_MONTH(month?): the month's Mondays to Fridays (holidays are not known), 20 to 23. */
const WEEKDAYS_IN_MONTH: ScalarFunction = (args, context) => {
  const month = monthArgument(args, 0, 'WEEKDAYS_IN_MONTH', context);
  return typeof month === 'object' ? month : weekdaysInMonth(month);
};

/** MONTHS_FROM_TODAY(month?): month − NOW(): 0 this month, 1 next month, negative in the past. */
const MONTHS_FROM_TODAY: ScalarFunction = (args, context) => {
  const month = monthArgument(args, 0, 'MONTHS_FROM_TODAY', context);
  return typeof month === 'object' ? month : month - context.today;
};

/**
 * QUARTERLY(value, anchor?): the value in the months that start a quarter and 0 in the two months after
 * each, e.g. a tax paid every quarter. Quarters start in January, April, July and October, or, given an
 * anchor month, in that month and every third month before and after it. The value is a number (it is
 * evaluated in every month, so a failing value fails every month).
 */
const QUARTERLY: ScalarFunction = (args, context) => {
  const value = numberArgument(args, 0, 'QUARTERLY');
  if (typeof value === 'object') return value;
  const anchor = args.length > 1 ? monthArgument(args, 1, 'QUARTERLY', context) : 0;
  if (typeof anchor === 'object') return anchor;
  const sinceAnchor = (((context.month - anchor) % 3) + 3) % 3;
  return sinceAnchor === 0 ? checkFinite(value) : 0;
};

export const MONTH_FUNCTIONS = {
  NOW,
  MONTH_VALUE,
  MONTH_NUMBER,
  DAYS_IN_MONTH,
  WEEKDAYS_IN_MONTH,
  MONTHS_FROM_TODAY,
  QUARTERLY,
} satisfies Record<string, ScalarFunction>;
