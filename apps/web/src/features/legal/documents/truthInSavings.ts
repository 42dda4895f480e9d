import { LEGAL_PARTIES, PRODUCT_NAME } from '@keel/domain';
import type { LegalDocument } from './legalDocument';

const { bank, bankMemberFdic } = LEGAL_PARTIES;

/**
 * Terms stated in general (Regulation DD): the rate is variable, so no figure is fixed here; the one
 * figure is an example, labelled as such (1.98% compounded daily gives an APY of 2.00%, and $199.97
 * on $10,000 over a year).
 */
export const TRUTH_IN_SAVINGS: LegalDocument = {
  id: 'truth-in-savings',
  title: 'Truth in Savings Disclosure',
  effectiveDate: '2026-11-01',
  lastUpdated: '2026-10-15',
  summary: `How the business deposit account you open through ${PRODUCT_NAME} earns interest, and what it costs, as offered by ${bankMemberFdic}.`,
  sections: [
    {
      id: 'at-a-glance',
      heading: 'Account terms at a glance',
      blocks: [
        {
          kind: 'terms',
          items: [
            {
              term: 'Rate type',
              text: 'Variable; the rate and the annual percentage yield (APY) may change',
            },
            { term: 'Compounding', text: 'Daily' },
            { term: 'Crediting', text: 'Monthly, on the last day of each statement period' },
            { term: 'Balance computation', text: 'Daily balance method' },
            { term: 'Minimum deposit to open', text: 'None' },
            { term: 'Minimum balance to obtain the APY', text: 'None' },
            { term: 'Fees', text: 'None: no monthly maintenance, minimum balance or transfer fees' },
            { term: 'Transaction limits', text: 'No limit on the number of deposits or withdrawals' },
          ],
        },
      ],
    },
    {
      id: 'rate',
      heading: 'Rate information',
      blocks: [
        `The interest rate and APY on your account are variable and may change at any time at our discretion. The current rate and APY are shown in the app when you open an account, on the ${PRODUCT_NAME} Accounts page, and on each statement. The APY assumes that interest remains on deposit until the end of the year; withdrawals reduce earnings.`,
      ],
    },
    {
      id: 'example',
      heading: 'Example (for illustration only)',
      blocks: [
        'Example only, not a rate offer: if the interest rate were 1.98%, compounded daily, the APY would be 2.00%. A balance of $10,000 kept in the account for a full year, with the rate unchanged and no withdrawals, would then earn $199.97 in interest. Your actual rate and APY are those shown in the app.',
      ],
    },
    {
      id: 'compounding-and-crediting',
      heading: 'Compounding and crediting',
      blocks: [
        'Interest is compounded daily and credited to your account monthly, on the last day of each statement period. If you close your account before interest is credited, you will receive the interest accrued up to the day of closing.',
      ],
    },
    {
      id: 'balance-computation',
      heading: 'Balance computation method',
      blocks: [
        'We use the daily balance method to calculate interest: we apply a daily periodic rate (the interest rate divided by 365, or 366 in a leap year) to the balance in the account at the end of each day.',
      ],
    },
    {
      id: 'accrual',
      heading: 'Accrual on deposits',
      blocks: [
        'Interest begins to accrue on the business day we receive credit for a deposit, such as an ACH transfer or wire transfer.',
      ],
    },
    {
      id: 'minimum-balance',
      heading: 'Minimum balance requirements',
      blocks: [
        'No minimum deposit is needed to open the account, and no minimum balance is needed to earn interest or to avoid a fee. Every balance earns the current rate.',
      ],
    },
    {
      id: 'fees',
      heading: 'Fees',
      blocks: [
        `${bank} charges no fees on this account. Operators of ATMs and other third parties may charge their own fees, which we do not control.`,
      ],
    },
    {
      id: 'rate-changes',
      heading: 'Changes to the rate and terms',
      blocks: [
        "Because the rate is variable, we may change it without advance notice; the new rate and APY appear in the app from the day they apply. We will give you at least 30 days' notice of any other change to these terms that could reduce the interest you earn.",
      ],
    },
  ],
};
