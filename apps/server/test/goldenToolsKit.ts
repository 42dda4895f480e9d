import { expect } from 'vitest';
import type { ToolDeps } from '../src/modules/assistant/tools/toolTypes';
import { createGoldenCompany } from './goldenCompany';
import type { TestApp } from './harness';

/** A golden company as createGoldenCompany makes it: its id, its owner and its account ids by path. */
export type GoldenCompany = Awaited<ReturnType<typeof createGoldenCompany>>;

/**
 * The golden company in the test app, owned by `email`, and the assistant tools' deps on its database.
 * With `twinEmail`, a second company with the very same books ('Twin Co') beside it: were a tool to
 * read its rows, every sum would double.
 */
export async function createGoldenForTools(
  t: TestApp,
  email: string,
  twinEmail?: string,
): Promise<{ deps: ToolDeps; golden: GoldenCompany }> {
  const golden = await createGoldenCompany(t, email);
  if (twinEmail) await createGoldenCompany(t, twinEmail, 'Twin Co');
  return { deps: { db: t.db, clock: t.clock }, golden };
}

/** A row of the Financial Report, with its figures by month key, as the web's grid gets it. */
export type ReportRow = {
  name: string;
  accountId: string | null;
  isLeaf: boolean;
  values: { key: string; amount: number }[];
};

/** The rows of a company's Financial Report over its default range, read with `token`. */
export async function reportRows(t: TestApp, entityId: string, token: string): Promise<ReportRow[]> {
  const result = await t.graphql<{ report: { lineItems: ReportRow[] } }>(
    'query($e: ID!) { report(entityId: $e) { lineItems { name accountId isLeaf values { key amount } } } }',
    { e: entityId },
    token,
  );
  expect(result.errors).toBeUndefined();
  return result.data?.report.lineItems ?? [];
}
