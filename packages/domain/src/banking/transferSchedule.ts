import type { Cents } from '../money';
import { BANK_TIME_ZONE, dayIn, instantIn, wallClockIn } from '../timeZone';
import { isBankBusinessDay, nextBankBusinessDay } from './businessDays';
import type { TransferRail } from './transferRules';

/**
 * When a transfer reaches the bank and when it arrives, in the bank's time (BANK_TIME_ZONE, New York):
 *
 * - A transfer is processed on its send date, or the first business day after it when that is not a
 *   business day; one sent on its processing day after that rail's cut-off is processed the next
 *   business day.
 * - Keel hands an ACH to the bank at the ACH cut-off of its processing day (ACH goes in batches), so it
 *   can be cancelled until then; a wire is handed over at once when its processing day is today, else
 *   at the bank's opening on that day.
 * - An ACH arrives at the start of the business day after it is processed; a wire the moment it is
 *   handed over.
 * - Keel charges no fee on either rail (TRANSFER_FEES), and the review step says so.
 */

export const ACH_CUTOFF = '16:00';
export const WIRE_CUTOFF = '17:00';
export const BANK_OPENING = '09:00';

export const TRANSFER_FEES: Record<TransferRail, Cents> = { ach: 0, wire: 0 };

const cutoffOf = (rail: TransferRail) => (rail === 'ach' ? ACH_CUTOFF : WIRE_CUTOFF);

const firstBusinessDayFrom = (day: string) => (isBankBusinessDay(day) ? day : nextBankBusinessDay(day));

/** Whether the bank's clock at `now` is past `time` ('HH:MM') on its day. */
function isPast(now: Date, time: string): boolean {
  const clock = wallClockIn(BANK_TIME_ZONE, now);
  const [hour, minute] = time.split(':').map(Number);
  return clock.hour * 60 + clock.minute >= (hour ?? 0) * 60 + (minute ?? 0);
}

/** The bank's business day ('YYYY-MM-DD', New York) on which a transfer dated `sendOn`, sent at `now`, is processed. */
export function processingDay(rail: TransferRail, sendOn: string, now: Date): string {
  const bankToday = dayIn(BANK_TIME_ZONE, now);
  const from = sendOn > bankToday ? sendOn : bankToday;
  const day = firstBusinessDayFrom(from);
  if (day === bankToday && isPast(now, cutoffOf(rail))) return nextBankBusinessDay(day);
  return day;
}

/** The instant Keel hands the transfer to the bank (never before `now`): until then it can be cancelled. */
export function handOverTime(rail: TransferRail, sendOn: string, now: Date): Date {
  const day = processingDay(rail, sendOn, now);
  const at =
    rail === 'ach'
      ? instantIn(BANK_TIME_ZONE, day, ACH_CUTOFF)
      : instantIn(BANK_TIME_ZONE, day, BANK_OPENING);
  if (rail === 'wire' && day === dayIn(BANK_TIME_ZONE, now)) return now;
  return at.getTime() < now.getTime() ? now : at;
}

/** The instant the money is expected to arrive at the recipient's bank. */
export function settlementTime(rail: TransferRail, sendOn: string, now: Date): Date {
  if (rail === 'wire') return handOverTime(rail, sendOn, now);
  return instantIn(BANK_TIME_ZONE, nextBankBusinessDay(processingDay(rail, sendOn, now)));
}

/** The day ('YYYY-MM-DD', the bank's) the money is expected to arrive: what the review step and receipt show. */
export function expectedArrivalDay(rail: TransferRail, sendOn: string, now: Date): string {
  return dayIn(BANK_TIME_ZONE, settlementTime(rail, sendOn, now));
}
