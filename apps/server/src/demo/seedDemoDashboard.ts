import { CHART_PALETTE } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { reportLineItems } from '../db/schema';
import {
  createChart,
  listCharts,
  listDashboardsEnsuringDefault,
  updateDashboard,
} from '../modules/dashboards';
import { demoAccountIdsByPath } from './seedDemoForecasts';

const PAYROLL = 'Expense/Operating Expenses/Payroll';
const [BLUE, RED, GREEN, , VIOLET] = CHART_PALETTE;

/**
 * The demo company's first dashboard with four charts, read from its Financial Report's lines:
 * 'Revenue vs Expense' (bars of the Income and Expense lines, Net Income highlighted), 'Cash balance'
 * (a line of the Banks balance), 'Payroll' (a line of Payroll with its sub-accounts: salaries, taxes,
 * benefits, contractors) and 'Plan vs actual revenue' (Income's bars against its plan, month by month;
 * seedDemoPlans gives the past year its plans), each 6 columns wide and 7 rows high, two to a row. A dashboard that has
 * charts already is left as it is.
 */
export async function seedDemoDashboard(db: Db, clock: Clock, entityId: string): Promise<void> {
  const [dashboard] = await listDashboardsEnsuringDefault(db, clock, entityId);
  if (!dashboard) throw new Error('The demo company has no dashboard');
  if ((await listCharts(db, [dashboard.id])).length > 0) return;
  const idByPath = await demoAccountIdsByPath(db, entityId);
  const lines = await db
    .select({ id: reportLineItems.id, name: reportLineItems.name })
    .from(reportLineItems)
    .where(eq(reportLineItems.reportId, dashboard.reportId));
  const lineId = (name: string) => {
    const found = lines.find((line) => line.name === name);
    if (!found) throw new Error(`The demo report has no '${name}' line`);
    return found.id;
  };
  const accountId = (path: string) => {
    const found = idByPath.get(path);
    if (!found) throw new Error(`Demo account ${path} is missing`);
    return found;
  };
  const series = (name: string, path: string, line: string, color: string | undefined) => ({
    name,
    accountId: accountId(path),
    reportItemId: lineId(line),
    color,
  });
  const made = [
    await createChart(db, clock, {
      dashboardId: dashboard.id,
      name: 'Revenue vs Expense',
      highlight: { name: 'Net Income', reportItemId: lineId('Net Income') },
      dataGroups: [
        {
          type: 'Bar',
          data: [series('Revenue', 'Income', 'Income', GREEN), series('Expense', 'Expense', 'Expense', RED)],
        },
      ],
    }),
    await createChart(db, clock, {
      dashboardId: dashboard.id,
      name: 'Cash balance',
      dataGroups: [{ type: 'Line', data: [series('Cash', 'Banks', 'Banks', BLUE)] }],
    }),
    await createChart(db, clock, {
      dashboardId: dashboard.id,
      name: 'Payroll',
      dataGroups: [{ type: 'Line', data: [series('Payroll', PAYROLL, 'Expense', VIOLET)] }],
    }),
    await createChart(db, clock, {
      dashboardId: dashboard.id,
      name: 'Plan vs actual revenue',
      dataGroups: [{ type: 'Bar', data: [{ ...series('Revenue', 'Income', 'Income', GREEN), plan: true }] }],
    }),
  ];
  await updateDashboard(db, clock, {
    id: dashboard.id,
    positions: made.map((chart, index) => ({
      id: chart.id,
      x: (index % 2) * 6,
      y: Math.floor(index / 2) * 7,
      w: 6,
      h: 7,
    })),
  });
}
