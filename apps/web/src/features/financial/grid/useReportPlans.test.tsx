import { ApolloLink } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { EntityContext, type EntityContextValue } from '../../../shell/EntityContext';
import type { ReportAccountView, ReportViewData } from '../reportQuery';
import { useReportPlans } from './useReportPlans';

const ENTITY = { entity: { id: 'entity', name: 'Acme' } } as unknown as EntityContextValue;
const ACCOUNTS = new Map<string, ReportAccountView>([
  [
    'exp',
    {
      id: 'exp',
      name: 'Expense',
      path: 'Expense',
      parentId: null,
      ancestry: '/',
      accountGroup: null,
      accountType: 'Expense',
      isMutable: false,
      shownWhenEmpty: false,
      sign: 1,
      sortOrder: 0,
      refType: null,
    },
  ],
]);

const reportWith = (october: number): ReportViewData => ({
  id: 'report',
  name: 'Financial Report',
  startMonth: '2026-10',
  actualsEndMonth: '2026-11',
  endMonth: '2026-12',
  currentMonth: '2026-11',
  columns: [
    {
      key: '2026-10',
      title: 'Past',
      short: 'Oct 26',
      period: 'month',
      filter: 'actual',
      months: ['2026-10'],
      month: 10,
      year: 2026,
      border: false,
    },
  ],
  lineItems: [
    {
      id: 'L2',
      itemId: 'exp',
      lineItemId: 'L2',
      accountId: 'exp',
      name: 'Expense',
      depth: 0,
      parentId: null,
      ancestry: '/',
      itemType: 'AccountTree',
      isFinancial: false,
      isLeaf: false,
      isMutable: false,
      cumulative: false,
      sign: 1,
      columnValues: [october],
    },
  ],
  accounts: [...ACCOUNTS.values()],
  staleModelOutputs: [],
});

/** A server whose actual for October is `october.current`, planned at $1,000. */
function renderPlans(initial: { report: ReportViewData; enabled: boolean }) {
  const asked: Record<string, unknown>[] = [];
  const october = { current: initial.report.lineItems[0]?.columnValues[0] ?? 0 };
  const link = new ApolloLink((operation) => {
    asked.push(operation.variables);
    return of({
      data: {
        report: {
          __typename: 'ReportView',
          id: 'report',
          columns: [{ __typename: 'ReportColumn', key: '2026-10' }],
          lineItems: [
            {
              __typename: 'ReportLineItem',
              id: 'L2',
              columnValues: [october.current],
              planValues: [1_000_00],
              defaultSign: 1,
              expr: null,
            },
          ],
        },
      },
    });
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MockedProvider link={link}>
      <EntityContext.Provider value={ENTITY}>{children}</EntityContext.Provider>
    </MockedProvider>
  );
  const hook = renderHook(
    ({ report, enabled }: { report: ReportViewData; enabled: boolean }) =>
      useReportPlans(report, ACCOUNTS, enabled),
    { wrapper, initialProps: initial },
  );
  return { ...hook, asked, october };
}

describe('useReportPlans', () => {
  it('asks for nothing while off; on, asks over the report’s own range', async () => {
    const { result, rerender, asked } = renderPlans({ report: reportWith(1_200_00), enabled: false });
    expect(asked).toHaveLength(0);
    expect(result.current.plans.size).toBe(0);
    rerender({ report: reportWith(1_200_00), enabled: true });
    await waitFor(() => expect(result.current.plans.get('L2')).toEqual([1_000_00]));
    expect(asked).toEqual([
      {
        entityId: 'entity',
        reportId: 'report',
        startMonth: '2026-10',
        actualsEndMonth: '2026-11',
        endMonth: '2026-12',
      },
    ]);
    expect(result.current.higherIsGood.get('L2')).toBe(false);
  });

  it('asks again when the report’s figures change, showing no plan until they agree', async () => {
    const { result, rerender, asked, october } = renderPlans({ report: reportWith(1_200_00), enabled: true });
    await waitFor(() => expect(result.current.plans.get('L2')).toEqual([1_000_00]));
    // A write moved October's actual: the new report arrives before its plans.
    october.current = 1_500_00;
    rerender({ report: reportWith(1_500_00), enabled: true });
    expect(result.current.plans.get('L2')).toBeUndefined();
    await waitFor(() => expect(result.current.plans.get('L2')).toEqual([1_000_00]));
    expect(asked).toHaveLength(2);
  });
});
