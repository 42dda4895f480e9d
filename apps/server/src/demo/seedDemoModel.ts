import { addMonths } from '@keel/domain';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { entityToday } from '../modules/entities/timeZone';
import {
  createModel,
  createOutput,
  createVariable,
  updateVariable,
  type VariableInput,
} from '../modules/models';
import { CLOUD, SUBSCRIPTIONS } from './companyCatalog';
import { demoAccountIdsByPath } from './seedDemoForecasts';

/**
 * The demo company's model, 'Revenue plan': subscription revenue linked from the books (actuals, then
 * the forecast), projected from this month by a monthly growth rate, and cloud hosting as a share of
 * that revenue, written into the report's Cloud Hosting forecast.
 */
export async function seedDemoModel(db: Db, clock: Clock, entityId: string): Promise<void> {
  const idByPath = await demoAccountIdsByPath(db, entityId);
  const subscriptions = idByPath.get(SUBSCRIPTIONS);
  const cloud = idByPath.get(CLOUD);
  if (!subscriptions || !cloud) throw new Error('Demo accounts for the model are missing');
  const currentMonth = (await entityToday(db, clock, entityId)).month;
  // The books through the last complete month; this month, still partly booked, is projected.
  const lastComplete = addMonths(currentMonth, -1);
  const model = await createModel(db, clock, { entityId, name: 'Revenue plan' });
  const add = (input: VariableInput) =>
    createVariable(db, clock, null, { entityId, modelId: model.id, ...input });
  const booked = await add({
    name: 'Subscription revenue (books)',
    group: 'inputs',
    inputType: 'link',
    accountId: subscriptions,
    description: 'Actual subscription revenue through this month, the forecast after.',
  });
  const growth = await add({ name: 'Monthly growth', group: 'inputs', inputType: 'percent', value: '3' });
  const hostingShare = await add({
    name: 'Hosting share of revenue',
    group: 'inputs',
    inputType: 'percent',
    value: '6',
  });
  const projected = await add({ name: 'Projected revenue', group: 'formulas', formulas: '0' });
  await updateVariable(db, clock, null, {
    variableId: projected.id,
    segments: [
      {
        formula: `{{${booked.id}}}`,
        startMonth: null,
        startType: 'auto',
        endMonth: lastComplete,
        endType: 'month',
      },
      {
        formula: `{{${projected.id}-1}} * (1 + {{${growth.id}}})`,
        startMonth: currentMonth,
        startType: 'month',
        endMonth: null,
        endType: 'auto',
      },
    ],
  });
  const hosting = await add({
    name: 'Cloud hosting',
    group: 'formulas',
    formulas: `{{ROUND}}({{${projected.id}}} * {{${hostingShare.id}}}, 2)`,
    decimalPlaces: 2,
  });
  await createOutput(db, clock, null, { variableId: hosting.id, accountId: cloud });
}
