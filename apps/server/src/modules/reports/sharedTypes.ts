import { REPORT_LINE_ITEM_TYPES, type ReportColumn, RUNWAY_METHODS } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { SCENARIOS } from './loadReportFacts';

export const ScenarioEnum = builder.enumType('Scenario', {
  description:
    'actual: booked and imported entries; forecast: forecast occurrences; budget: reserved for models.',
  values: SCENARIOS,
});

export const RunwayMethodEnum = builder.enumType('RunwayMethod', {
  description: 'The four runway methods of spec §9 (see runway on ReportSummary).',
  values: RUNWAY_METHODS,
});

export const ReportLineItemTypeEnum = builder.enumType('ReportLineItemType', {
  values: REPORT_LINE_ITEM_TYPES,
});

type KeyedValue = { key: string; amount: number };
export const ReportValueRef = builder.objectRef<KeyedValue>('ReportValue').implement({
  description: "One cell: a column's key and the amount in cents.",
  fields: (t) => ({
    key: t.exposeString('key'),
    amount: t.field({ type: 'Cents', resolve: (v) => v.amount }),
  }),
});

export const keyedValues = (columns: readonly ReportColumn[], values: readonly number[]): KeyedValue[] =>
  columns.map((column, i) => ({ key: column.key, amount: values[i] ?? 0 }));
