import { formatMonthLong } from '@keel/domain';
import {
  type Call,
  during,
  formatMoney,
  formatPercent,
  percentOf,
  scenarioNote,
  type Written,
} from './answerText';
import type { LineRef, Period, StatedFigure, Vocabulary } from './questionTypes';

/** Answers about report lines: a figure with its working, a comparison, a share, the top lines. */

export async function writeFigure(
  line: LineRef,
  period: Period,
  measure: 'total' | 'average' | 'change',
  vocabulary: Vocabulary,
  call: Call,
): Promise<Written> {
  const data = await call('lineFigures', { line: line.path, from: period.from, to: period.to });
  const note = scenarioNote(period, vocabulary.actualsEndMonth);
  if (line.kind === 'balance') {
    const text = `${line.name} at the end of ${formatMonthLong(period.to)}: ${formatMoney(data.totalCents)} (${note}).`;
    return {
      text,
      figures: [
        { label: `${line.name} at the end of ${formatMonthLong(period.to)}`, amountCents: data.totalCents },
      ],
    };
  }
  const months = data.months.length;
  if (measure === 'average') {
    const text = `${line.name} averaged ${formatMoney(data.averageCents)} a month ${during(period)} (${note}): ${formatMoney(data.totalCents)} over ${months} months.`;
    return {
      text,
      figures: [
        { label: `Average monthly ${line.name} ${during(period)}`, amountCents: data.averageCents },
        { label: `${line.name} ${during(period)}`, amountCents: data.totalCents },
      ],
    };
  }
  const byMonth =
    months > 1 && months <= 12
      ? ` By month: ${data.months.map((figure) => `${formatMonthLong(figure.month).split(' ')[0]} ${formatMoney(figure.amountCents)}`).join(', ')}.`
      : '';
  const working = line.accountId === null ? await expressionWorking(line, period, vocabulary, call) : '';
  const text = `${line.name} ${during(period)}: ${formatMoney(data.totalCents)} (${note})${working}.${byMonth}`;
  return { text, figures: [{ label: `${line.name} ${during(period)}`, amountCents: data.totalCents }] };
}

/** How Net Income and Net Burn are made: income and expense of the period (the report's Income and Expense lines). */
async function expressionWorking(
  line: LineRef,
  period: Period,
  vocabulary: Vocabulary,
  call: Call,
): Promise<string> {
  const income = vocabulary.lines.find((candidate) => candidate.path === 'Income');
  const expense = vocabulary.lines.find((candidate) => candidate.path === 'Expense');
  if (!income || !expense || (line.name !== 'Net Income' && line.name !== 'Net Burn')) return '';
  const [incomeData, expenseData] = await Promise.all([
    call('lineFigures', { line: income.path, from: period.from, to: period.to }),
    call('lineFigures', { line: expense.path, from: period.from, to: period.to }),
  ]);
  const incomeText = `income ${formatMoney(incomeData.totalCents)}`;
  const expenseText = `expenses ${formatMoney(expenseData.totalCents)}`;
  return line.name === 'Net Income'
    ? `: ${incomeText} less ${expenseText}`
    : `: ${expenseText} less ${incomeText}`;
}

export async function writeCompare(
  line: LineRef,
  [current, base]: [Period, Period],
  vocabulary: Vocabulary,
  call: Call,
): Promise<Written> {
  const [a, b] = await Promise.all([
    call('lineFigures', { line: line.path, from: current.from, to: current.to }),
    call('lineFigures', { line: line.path, from: base.from, to: base.to }),
  ]);
  const difference = a.totalCents - b.totalCents;
  const figures: StatedFigure[] = [
    { label: `${line.name} ${during(current)}`, amountCents: a.totalCents },
    { label: `${line.name} ${during(base)}`, amountCents: b.totalCents },
    { label: 'Difference', amountCents: difference },
  ];
  const where = (period: Period) =>
    line.kind === 'balance' ? `at the end of ${formatMonthLong(period.to)}` : during(period);
  let change =
    difference === 0 ? 'no change' : `${difference > 0 ? 'up' : 'down'} ${formatMoney(Math.abs(difference))}`;
  if (b.totalCents !== 0) {
    const percent = percentOf(difference, Math.abs(b.totalCents));
    figures.push({ label: 'Change', percent });
    change += ` (${formatPercent(percent)})`;
  }
  const text = `${line.name} ${where(current)}: ${formatMoney(a.totalCents)} (${scenarioNote(current, vocabulary.actualsEndMonth)}), against ${formatMoney(b.totalCents)} ${where(base)} (${scenarioNote(base, vocabulary.actualsEndMonth)}): ${change}.`;
  return { text, figures };
}

export async function writeShare(
  line: LineRef,
  of: LineRef,
  period: Period,
  vocabulary: Vocabulary,
  call: Call,
): Promise<Written> {
  const [part, whole] = await Promise.all([
    call('lineFigures', { line: line.path, from: period.from, to: period.to }),
    call('lineFigures', { line: of.path, from: period.from, to: period.to }),
  ]);
  const figures: StatedFigure[] = [
    { label: `${line.name} ${during(period)}`, amountCents: part.totalCents },
    { label: `${of.name} ${during(period)}`, amountCents: whole.totalCents },
  ];
  if (whole.totalCents === 0) {
    return { text: `${of.name} ${during(period)} is $0, so ${line.name} has no share of it.`, figures };
  }
  const percent = percentOf(part.totalCents, whole.totalCents);
  figures.push({ label: `${line.name} as a share of ${of.name}`, percent });
  const text = `${line.name} ${during(period)} was ${formatMoney(part.totalCents)} of ${of.name}'s ${formatMoney(whole.totalCents)}: ${percent.toFixed(1)}% (${scenarioNote(period, vocabulary.actualsEndMonth)}).`;
  return { text, figures };
}

export async function writeTopLines(
  parent: LineRef | null,
  top: number,
  period: Period,
  vocabulary: Vocabulary,
  call: Call,
): Promise<Written> {
  const note = scenarioNote(period, vocabulary.actualsEndMonth);
  if (parent === null) {
    const data = await call('spendByCategory', { from: period.from, to: period.to, top });
    if (data.categories.length === 0) {
      return {
        text: `There was no spending by category ${during(period)}. Total expenses: ${formatMoney(data.totalExpenseCents)}.`,
        figures: [],
      };
    }
    const list = data.categories
      .map((category, index) => `${index + 1}. ${category.name}: ${formatMoney(category.amountCents)}`)
      .join('\n');
    return {
      text: `Top ${data.categories.length === 1 ? 'expense category' : `${data.categories.length} expense categories`} ${during(period)} (${note}):\n${list}\nTotal expenses: ${formatMoney(data.totalExpenseCents)}.`,
      figures: data.categories.map((category) => ({
        label: category.name,
        amountCents: category.amountCents,
      })),
    };
  }
  const children = vocabulary.lines.filter(
    (line) =>
      line.path.startsWith(`${parent.path}/`) &&
      line.path.split('/').length === parent.path.split('/').length + 1,
  );
  const figures = await Promise.all(
    children.map(async (child) => {
      const data = await call('lineFigures', { line: child.path, from: period.from, to: period.to });
      return { label: child.name, amountCents: data.totalCents };
    }),
  );
  const ranked = figures
    .filter((figure) => figure.amountCents !== 0)
    .sort((a, b) => b.amountCents - a.amountCents || a.label.localeCompare(b.label))
    .slice(0, top);
  const list = ranked
    .map((figure, index) => `${index + 1}. ${figure.label}: ${formatMoney(figure.amountCents)}`)
    .join('\n');
  return {
    text: `The biggest lines under ${parent.name} ${during(period)} (${note}):\n${list}`,
    figures: ranked,
  };
}
