import type { Cents } from './money';
import type { MonthKey } from './months';

/** Spec §3: a salary means an employee; a rate with hours means a contractor. */
export type JobPositionKind = 'employee' | 'contractor';

/** What a job position's cost depends on: its pay in cents and the months it runs. */
export type PositionPay = {
  /** How many people hold the position (1 or more). */
  quantity: number;
  /** Annual salary per person, in cents; set for employees. */
  salaryCents: Cents | null;
  /** Hourly rate per person, in cents; set, with hours, for contractors. */
  rateCents: Cents | null;
  /** Hours per person per month. */
  hours: number | null;
  /** The first month the position is paid. */
  startMonth: MonthKey;
  /** The last month the position is paid; null while it runs on. */
  endMonth: MonthKey | null;
};

/** Employee when it has a salary; contractor when it has a rate and hours; null when it has neither. */
export function jobPositionKind(position: Pick<PositionPay, 'salaryCents' | 'rateCents' | 'hours'>) {
  if (position.salaryCents !== null) return 'employee' as const;
  if (position.rateCents !== null && position.hours !== null) return 'contractor' as const;
  return null;
}

/**
 * What a job position costs the company in one month, in cents: a month from its start month through
 * its end month (both included; no end means it runs on) costs the whole month, any other month costs
 * 0 (no proration by day).
 * - an employee costs a twelfth of the annual salary per person: salary x quantity / 12, rounded to
 *   the cent, half up (so twelve months may differ from the annual total by a few cents);
 * - a contractor costs rate x hours x quantity, exact;
 * - a position with neither costs 0.
 * A role's default bonus is not part of it: positions carry no bonus (spec §3).
 */
export function monthlyPositionCost(position: PositionPay, month: MonthKey): Cents {
  if (month < position.startMonth) return 0;
  if (position.endMonth !== null && month > position.endMonth) return 0;
  switch (jobPositionKind(position)) {
    case 'employee':
      return Math.round(((position.salaryCents ?? 0) * position.quantity) / 12);
    case 'contractor':
      return (position.rateCents ?? 0) * (position.hours ?? 0) * position.quantity;
    default:
      return 0;
  }
}
