import { sql } from 'drizzle-orm';
import {
  char,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './auth';
import { entities } from './entities';
import { accounts, forecasts } from './ledger';

/**
 * A forecasting model (spec §3 Model): variables evaluated month by month from `start_month` through
 * `end_month`, whose outputs write forecasts into the report.
 */
export const models = pgTable(
  'models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    modelType: text('model_type').notNull().default('standard'),
    startMonth: char('start_month', { length: 7 }).notNull(),
    endMonth: char('end_month', { length: 7 }).notNull(),
    /**
     * The names of variables deleted from the model, by id: formulas still naming one fail, and what
     * says why ('uses the deleted variable "Growth"') names it rather than an id.
     */
    deletedVariableNames: jsonb('deleted_variable_names')
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    ...timestamps,
  },
  (t) => [index('models_entity_idx').on(t.entityId, t.createdAt)],
);

export const variableGroups = ['inputs', 'formulas'] as const;
export type VariableGroup = (typeof variableGroups)[number];

/** What an input holds (spec §3); formulas have 'formulas'. */
export const variableInputTypes = [
  'number',
  'percent',
  'currency',
  'month',
  'list',
  'link',
  'formulas',
] as const;
export type VariableInputType = (typeof variableInputTypes)[number];

/**
 * An input's data: `value` for number, percent (stored as a fraction: 5% is 0.05), currency (units)
 * and month ('YYYY-MM'); `amounts` for a list (values typed per month); `accountId` for a link (the
 * account whose report figures it reads).
 */
export type VariableData = {
  value?: number | string | null;
  amounts?: Record<string, number>;
  accountId?: string | null;
};

/** A formula segment as stored: its formula applies from its start through its end month. */
export type StoredSegment = {
  formula: string;
  startMonth: string | null;
  startType: 'month' | 'auto';
  endMonth: string | null;
  endType: 'month' | 'auto';
};

/** A model's variable (spec §3 Variable): an input or a formula, one row of the data sheet. */
export const modelVariables = pgTable(
  'model_variables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    modelId: uuid('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    group: text('group', { enum: variableGroups }).notNull(),
    inputType: text('input_type', { enum: variableInputTypes }).notNull(),
    decimalPlaces: smallint('decimal_places').notNull().default(0),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    data: jsonb('data').$type<VariableData>().notNull().default({}),
    segments: jsonb('segments').$type<StoredSegment[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index('model_variables_model_idx').on(t.modelId, t.createdAt),
    index('model_variables_entity_idx').on(t.entityId),
    // Variable names are unique within a model's data sheet, whatever their case.
    uniqueIndex('model_variables_name_key').on(t.modelId, sql`lower(${t.name})`),
  ],
);

/**
 * An output (spec §3 Output, a 'budget'): writes its variable's monthly values into the report as the
 * forecast `forecast_id` (kind 'model') on `account_id`, rewritten whenever the model changes.
 */
export const modelOutputs = pgTable(
  'model_outputs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    modelId: uuid('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    variableId: uuid('variable_id')
      .notNull()
      .references(() => modelVariables.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The forecast holding the written months; null while the variable has no value to write. */
    forecastId: uuid('forecast_id').references(() => forecasts.id, { onDelete: 'set null' }),
    /**
     * Why some of its months cannot be computed (their cells show #ERROR), as a clause: 'uses the
     * deleted variable "Growth"'; null while every month computes. Those months keep the figures last
     * written (a broken model never hides a cost), and the report marks them stale.
     */
    staleReason: text('stale_reason'),
    /** The months that cannot be computed, 'YYYY-MM' ascending; empty while none. */
    staleMonths: jsonb('stale_months').$type<string[]>().notNull().default([]),
    /** When its months first failed (kept while they go on failing). */
    staleSince: timestamp('stale_since', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('model_outputs_model_idx').on(t.modelId),
    index('model_outputs_variable_idx').on(t.variableId),
  ],
);
