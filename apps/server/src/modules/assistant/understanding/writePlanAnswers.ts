import { formatMonthLong, RUNWAY_METHOD_LABELS, RUNWAY_METHODS, type RunwayMethod } from '@keel/domain';
import { BUILTIN_ABILITIES } from '../builtinAbilities';
import type { ToolDataByName } from '../tools/toolTypes';
import { type Call, during, formatMoney, scenarioNote, type Written } from './answerText';
import type { Intent, Period, StatedFigure, Vocabulary } from './questionTypes';

/** Answers about money and plans: transactions, cash, runway, burn, hiring, what-ifs; declines and what was not understood. */

export async function writeTransactions(
  intent: Extract<Intent, { kind: 'transactions' }>,
  call: Call,
): Promise<Written> {
  const range = intent.period ? { from: intent.period.from, to: intent.period.to } : {};
  const when = intent.period ? ` ${during(intent.period)}` : '';
  const data = await call('transactions', {
    ...(intent.text ? { text: intent.text } : {}),
    ...range,
    direction: intent.direction,
    sort: intent.mode === 'largest' ? 'largest' : 'newest',
    limit: intent.mode === 'largest' ? intent.top : 10,
  });
  const name = intent.text ? `"${intent.text}"` : '';
  const line = (transaction: ToolDataByName['transactions']['transactions'][number]) => {
    const where = [transaction.accountName, transaction.categoryName].filter(Boolean).join(' → ');
    return `${transaction.date} ${transaction.name || '(no name)'}: ${formatMoney(transaction.amountCents)}${where ? ` (${where})` : ''}`;
  };
  if (intent.mode === 'largest') {
    if (data.transactions.length === 0) {
      return { text: `There are no transactions${name ? ` matching ${name}` : ''}${when}.`, figures: [] };
    }
    const heading =
      data.transactions.length === 1
        ? `The largest ${intent.direction === 'out' ? 'payment' : intent.direction === 'in' ? 'deposit' : 'transaction'}${name ? ` with ${name}` : ''}${when}:`
        : `The ${data.transactions.length} largest ${intent.direction === 'out' ? 'payments' : intent.direction === 'in' ? 'deposits' : 'transactions'}${name ? ` with ${name}` : ''}${when}:`;
    return {
      text: `${heading}\n${data.transactions.map(line).join('\n')}`,
      figures: data.transactions.map((transaction) => ({
        label: `${transaction.name} on ${transaction.date}`,
        amountCents: Math.abs(transaction.amountCents),
      })),
    };
  }
  if (intent.mode === 'total') {
    const cents = intent.direction === 'in' ? data.inCents : data.outCents;
    const count = `${data.count} ${data.count === 1 ? 'transaction' : 'transactions'}`;
    if (data.count === 0) {
      return {
        text: `No transactions match ${name}${when}, so nothing was ${intent.direction === 'in' ? 'received from' : 'paid to'} it.`,
        figures: [
          {
            label: `${intent.direction === 'in' ? 'Received from' : 'Paid to'} ${intent.text}${when}`,
            amountCents: 0,
          },
        ],
      };
    }
    const listed = data.transactions.slice(0, 5).map(line).join('\n');
    const text =
      intent.direction === 'in'
        ? `${intent.text} paid you ${formatMoney(cents)}${when} (${count}):\n${listed}`
        : `You paid ${formatMoney(cents)} to ${name}${when} (${count}${data.inCents > 0 ? `; ${formatMoney(data.inCents)} came back` : ''}):\n${listed}`;
    return {
      text,
      figures: [
        {
          label: `${intent.direction === 'in' ? 'Received from' : 'Paid to'} ${intent.text}${when}`,
          amountCents: cents,
        },
        { label: 'Transactions', count: data.count },
      ],
    };
  }
  if (data.count === 0)
    return { text: `No transactions match ${name}${when}.`, figures: [{ label: 'Transactions', count: 0 }] };
  const heading =
    data.count > data.transactions.length
      ? `${data.count} transactions match ${name}${when}; the newest ${data.transactions.length}:`
      : `${data.count} ${data.count === 1 ? 'transaction matches' : 'transactions match'} ${name}${when}:`;
  return {
    text: `${heading}\n${data.transactions.map(line).join('\n')}`,
    figures: [{ label: 'Transactions', count: data.count }],
  };
}

export async function writeCash(period: Period, vocabulary: Vocabulary, call: Call): Promise<Written> {
  const month = period.to;
  const data = await call('cash', { month });
  const accounts =
    data.accounts.length > 0
      ? ` By account: ${data.accounts.map((account) => `${account.name} ${formatMoney(account.balanceCents)}`).join(', ')}.`
      : '';
  const when =
    month === vocabulary.currentMonth
      ? `Cash today (${formatMonthLong(month)}, the month under way)`
      : `Cash at the end of ${formatMonthLong(month)}`;
  const text =
    data.scenario === 'forecast'
      ? `${when} is forecast at ${formatMoney(data.cashCents)}.${accounts}`
      : `${when}: ${formatMoney(data.cashCents)} (actual).${accounts}`;
  return {
    text,
    figures: [{ label: `Cash at the end of ${formatMonthLong(month)}`, amountCents: data.cashCents }],
  };
}

export async function writeRunway(method: RunwayMethod | null, call: Call): Promise<Written> {
  const data = await call('runway', method ? { method } : {});
  const working = `The working, as the Runway card shows it for ${data.methodLabel}: ${data.working.calculation}.`;
  const otherLabels = RUNWAY_METHODS.filter((m) => m !== data.method).map(
    (m) => `'${RUNWAY_METHOD_LABELS[m]}'`,
  );
  const others = method
    ? ''
    : ` The card's other methods give other figures: ask for ${otherLabels.slice(0, -1).join(', ')} or ${otherLabels.at(-1)}.`;
  const figures: StatedFigure[] = [{ label: `Runway by ${data.methodLabel}`, months: data.months }];
  if (data.months === null) {
    return {
      text: `Your runway by ${data.methodLabel} is Unlimited: your cash doesn't run out. ${working}${others}`,
      figures,
    };
  }
  const months =
    data.method === 'runway'
      ? `${data.months} ${data.months === 1 ? 'month' : 'months'}`
      : `${data.months.toFixed(1)} months`;
  const cashOut = data.cashOutMonth ? ` Cash runs out in ${formatMonthLong(data.cashOutMonth)}.` : '';
  return {
    text: `Your runway by ${data.methodLabel} is ${months}, counted from ${formatMonthLong(data.countedFrom)}.${cashOut} ${working}${others}`,
    figures,
  };
}

export async function writeBurn(period: Period | null, vocabulary: Vocabulary, call: Call): Promise<Written> {
  if (period === null) {
    const data = await call('burn', {});
    const month = formatMonthLong(data.month);
    const first = formatMonthLong(data.lastThreeMonths[0]?.month ?? data.month);
    const average = `Over ${first} to ${month} net burn averaged ${formatMoney(data.averageNetBurnCents)} a month.`;
    const figures: StatedFigure[] = [{ label: `Net burn in ${month}`, amountCents: data.netBurnCents }];
    if (data.incomeCents === 0 && data.expenseCents === 0) {
      return {
        text: `Nothing was booked to income or expense in ${month} (the last complete month), so it burned no cash. ${average}`,
        figures,
      };
    }
    if (data.netBurnCents <= 0) {
      return {
        text: `You weren't burning cash in ${month} (the last complete month): income of ${formatMoney(data.incomeCents)} covered expenses of ${formatMoney(data.expenseCents)}, a net gain of ${formatMoney(-data.netBurnCents)}. ${average}`,
        figures,
      };
    }
    return {
      text: `Net burn in ${month} (the last complete month) is ${formatMoney(data.netBurnCents)}: expenses of ${formatMoney(data.expenseCents)} less income of ${formatMoney(data.incomeCents)}. ${average}`,
      figures,
    };
  }
  const data = await call('burn', { from: period.from, to: period.to });
  const total = data.totalNetBurnCents ?? data.netBurnCents;
  const months = data.months ?? [];
  const income = months.reduce((sum, month) => sum + month.incomeCents, 0);
  const expense = months.reduce((sum, month) => sum + month.expenseCents, 0);
  const note = scenarioNote(period, vocabulary.actualsEndMonth);
  const byMonth =
    months.length > 1 && months.length <= 12
      ? ` By month: ${months.map((month) => `${formatMonthLong(month.month).split(' ')[0]} ${formatMoney(month.netBurnCents)}`).join(', ')}.`
      : '';
  return {
    text: `Net burn ${during(period)}: ${formatMoney(total)} (${note}): expenses of ${formatMoney(expense)} less income of ${formatMoney(income)}.${months.length > 1 ? ` That is ${formatMoney(Math.round(total / months.length))} a month on average.` : ''}${byMonth}`,
    figures: [{ label: `Net burn ${during(period)}`, amountCents: total }],
  };
}

export async function writeHiring(
  measure: 'headcount' | 'cost' | 'openRoles',
  period: Period,
  call: Call,
): Promise<Written> {
  if (measure === 'cost') {
    const data = await call('hiringCosts', { from: period.from, to: period.to });
    const sum = (key: 'salariesCents' | 'contractorsCents' | 'employerTaxesCents' | 'benefitsCents') =>
      data.months.reduce((total, month) => total + month[key], 0);
    return {
      text: `The hiring plan costs ${formatMoney(data.totalCents)} ${during(period)}: salaries ${formatMoney(sum('salariesCents'))}, contractors ${formatMoney(sum('contractorsCents'))}, employer taxes ${formatMoney(sum('employerTaxesCents'))}, benefits ${formatMoney(sum('benefitsCents'))}.`,
      figures: [{ label: `Hiring plan cost ${during(period)}`, amountCents: data.totalCents }],
    };
  }
  const data = await call('hiringPlan', { month: period.to });
  if (measure === 'openRoles') {
    const roles = data.openRoles
      .map(
        (role) =>
          `${role.title}${role.department ? ` (${role.department})` : ''}, from ${formatMonthLong(role.startMonth)}${payOf(role)}`,
      )
      .join('; ');
    const count = data.openRoles.length;
    return {
      text:
        count === 0
          ? 'The hiring plan has no open roles.'
          : `The hiring plan has ${count} open ${count === 1 ? 'role' : 'roles'}: ${roles}.`,
      figures: [{ label: 'Open roles', count }],
    };
  }
  return {
    text: `In ${formatMonthLong(data.month)} the hiring plan has ${data.employees} ${data.employees === 1 ? 'employee' : 'employees'}${data.contractors > 0 ? ` and ${data.contractors} ${data.contractors === 1 ? 'contractor' : 'contractors'}` : ''}${data.openRoles.length > 0 ? `, with ${data.openRoles.length} open ${data.openRoles.length === 1 ? 'role' : 'roles'}` : ''}.`,
    figures: [
      { label: `Employees in ${formatMonthLong(data.month)}`, count: data.employees },
      { label: `Contractors in ${formatMonthLong(data.month)}`, count: data.contractors },
    ],
  };
}

/** What an open role pays: a salary a year, or a contractor's rate and hours a month. */
function payOf(role: ToolDataByName['hiringPlan']['openRoles'][number]): string {
  if (role.annualSalaryCents !== null) return `, ${formatMoney(role.annualSalaryCents)} a year`;
  if (role.rateCents !== null && role.hours !== null) {
    return `, a contractor at ${formatMoney(role.rateCents)} an hour for ${role.hours} hours a month (${formatMoney(role.rateCents * role.hours)})`;
  }
  return '';
}

export async function writeWhatIf(intent: Extract<Intent, { kind: 'whatIf' }>, call: Call): Promise<Written> {
  const data = await call('whatIf', {
    ...(intent.hires.length > 0 ? { hires: intent.hires } : {}),
    ...(intent.revenueGrowthPercent !== null ? { revenueGrowthPercent: intent.revenueGrowthPercent } : {}),
  });
  const said = [
    ...intent.hires.map(
      (hire) =>
        `hiring ${hire.count} ${hire.role}${hire.count === 1 ? '' : 's'} at ${formatMoney(hire.annualSalaryCents)} a year from ${formatMonthLong(hire.startMonth)}`,
    ),
    ...(intent.revenueGrowthPercent !== null
      ? [
          `revenue ${intent.revenueGrowthPercent >= 0 ? 'growing' : 'falling'} ${Math.abs(intent.revenueGrowthPercent)}% a month`,
        ]
      : []),
  ].join(' and ');
  const describe = (figures: ToolDataByName['whatIf']['baseline']) =>
    figures.months === null
      ? 'Unlimited'
      : `${figures.label} ${figures.months === 1 ? 'month' : 'months'}${figures.cashOutMonth ? ` (cash runs out in ${formatMonthLong(figures.cashOutMonth)})` : ''}`;
  const difference =
    data.differenceMonths === null || data.differenceMonths === 0
      ? ''
      : `: ${Math.abs(data.differenceMonths)} ${Math.abs(data.differenceMonths) === 1 ? 'month' : 'months'} ${data.differenceMonths < 0 ? 'less' : 'more'}`;
  return {
    text: `With ${said}, Forecast runway would be ${describe(data.scenario)}, against ${describe(data.baseline)} in the plan as it stands${difference}. ${data.working} Nothing was saved: this is a scratch copy of the plan.`,
    figures: [
      { label: 'Runway with the change', months: data.scenario.months },
      { label: 'Runway in the plan', months: data.baseline.months },
      { label: 'Change in monthly net burn', amountCents: data.monthlyBurnChangeCents },
    ],
  };
}

export function declineText(
  reason: 'otherCompany' | 'personal' | 'advice',
  name: string | null,
  company: string,
): string {
  const own = company || 'this company';
  switch (reason) {
    case 'otherCompany':
      return `I only answer from ${own}'s own books, so I can't tell you anything about ${name ?? 'another company'}. Ask me about ${own}'s revenue, spending, cash, runway or hiring plan.`;
    case 'personal':
      return `I only see ${own}'s books, not anyone's personal accounts, so I can't answer that. Ask me about the company's cash, spending or runway.`;
    case 'advice':
      return `I can't give investment, tax, legal or financial advice. I answer with ${own}'s own figures: its revenue, spending, cash, runway and hiring plan, and what-ifs on them.`;
  }
}

export function notUnderstoodText(intent: Extract<Intent, { kind: 'notUnderstood' }>): string {
  const parts = intent.missing.map((part) =>
    part === 'line'
      ? `which line of your books you mean${intent.heard ? ` ("${intent.heard}" matches no account or report line)` : ''}`
      : part === 'period'
        ? 'which period you mean'
        : 'what you want to know',
  );
  const what =
    parts.length > 1 ? `${parts.slice(0, -1).join(', ')} or ${parts.at(-1)}` : (parts[0] ?? 'the question');
  const asks = intent.suggestions.map((suggestion) => `- ${suggestion}`).join('\n');
  const understood = intent.missing.includes('measure')
    ? `\nWhat I understand:\n${BUILTIN_ABILITIES.map((ability) => `- ${ability}`).join('\n')}`
    : '';
  return `I didn't understand ${what}. I answer from your books with a built-in question reader. You could ask:\n${asks}${understood}`;
}
