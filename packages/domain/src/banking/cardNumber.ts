/**
 * Payment card numbers (PANs): digits whose last one is the Luhn check digit (ISO/IEC 7812-1), which
 * every card network checks before anything else. The sandbox issuer numbers its cards so; a number
 * that fails the check was mistyped or made up.
 */

/** The Luhn sum of digits, doubling every second digit from the right (`doubleFirst`: the rightmost). */
function luhnSum(digits: string, doubleFirst: boolean): number {
  let sum = 0;
  for (let index = digits.length - 1, double = doubleFirst; index >= 0; index -= 1, double = !double) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum;
}

/** The digit that, appended to `payload`, makes a Luhn-valid number: '400000000000000' → 2. */
export function luhnCheckDigit(payload: string): number {
  if (!/^\d+$/.test(payload)) throw new RangeError(`Not digits: ${payload}`);
  return (10 - (luhnSum(payload, true) % 10)) % 10;
}

/** Whether a card number (spaces allowed between groups) is 12 to 19 digits with a valid check digit. */
export function isLuhnValid(cardNumber: string): boolean {
  const digits = cardNumber.replace(/ /g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  return luhnSum(digits, false) % 10 === 0;
}
