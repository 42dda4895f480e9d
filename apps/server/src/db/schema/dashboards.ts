import { sql } from 'drizzle-orm';
import { boolean, char, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './auth';
import { entities } from './entities';
import { reports } from './ledger';

/** A chart's place on the dashboard's 12-column grid (spec §3 positions: id, h, w, x, y). */
export type StoredDashboardPosition = { id: string; x: number; y: number; w: number; h: number };

/**
 * A dashboard (spec §3 Dashboard): charts over a report, laid out on a 12-column grid. `positions`
 * holds one place per chart, kept in the same transaction as every chart create and delete. A null
 * month is the default report range's bound for the month the dashboard is read in (spec §9), so a
 * dashboard nobody has set a range on moves with the calendar as the Financial Report does. The first
 * dashboard of a company (`is_default`) is made on its first read, tied to the company's
 * 'Financial Report'; a unique partial index lets two racing first reads make one.
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startMonth: char('start_month', { length: 7 }),
    endMonth: char('end_month', { length: 7 }),
    positions: jsonb('positions').$type<StoredDashboardPosition[]>().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('dashboards_entity_idx').on(t.entityId, t.createdAt),
    uniqueIndex('dashboards_default_key').on(t.entityId).where(sql`${t.isDefault}`),
    check('dashboards_positions_array', sql`jsonb_typeof(${t.positions}) = 'array'`),
  ],
);

/**
 * A report line a chart reads (spec §3 Chart data): `reportItemId` the report line item, `accountId` an
 * account under it, `isLeaf` its own figures rather than with its sub-accounts; `invert` negates.
 */
export type StoredChartLine = {
  accountId: string | null;
  reportId: string;
  reportItemId: string | null;
  isLeaf: boolean;
  invert: boolean;
};
export type StoredChartSeries = StoredChartLine & {
  id: string;
  color: string;
  name: string;
  /** Drawn against its plan too (plan vs actual); absent on series stored before it existed. */
  plan?: boolean;
};
export type StoredChartDataGroup = { id: string; type: 'Line' | 'Bar'; data: StoredChartSeries[] };
export type StoredChartHighlight = StoredChartLine & { name: string };

/**
 * A chart of a dashboard (spec §3 Chart): data groups (Line or Bar) of series, each a report line, and
 * an optional highlight line. Stored whole as JSON: a chart is read and written as one value, bounded
 * by the domain's limits (4 groups of 12 series). Lines whose account or line item is gone read as
 * zeros with the reason (see computeChartLineFigures), so deleting an account never breaks a chart.
 */
export const charts = pgTable(
  'charts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    dashboardId: uuid('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    highlight: jsonb('highlight').$type<StoredChartHighlight | null>(),
    dataGroups: jsonb('data_groups').$type<StoredChartDataGroup[]>().notNull(),
    ...timestamps,
  },
  (t) => [
    index('charts_dashboard_idx').on(t.dashboardId, t.createdAt),
    index('charts_entity_idx').on(t.entityId),
    check('charts_data_groups_array', sql`jsonb_typeof(${t.dataGroups}) = 'array'`),
  ],
);
