import { vendorFormSchema } from '@keel/domain';
import { asc, eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { vendors } from '../../db/schema';
import { parseArgs } from '../../graphql/parseInput';

export type VendorRow = typeof vendors.$inferSelect;

/** CreateVendor (spec §3 Vendor, §7): a payee of the company; the domain's vendor form and messages. */
export async function createVendor(
  db: Db | Tx,
  clock: Clock,
  input: { entityId: string; userId: string; form: Record<string, unknown> },
): Promise<VendorRow> {
  const form = parseArgs(vendorFormSchema, input.form);
  const now = clock.now();
  const [row] = await db
    .insert(vendors)
    .values({
      entityId: input.entityId,
      name: form.name,
      email: form.email ?? null,
      companyName: form.companyName ?? null,
      notes: form.notes ?? null,
      vendorType: form.vendorType,
      createdBy: input.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('Vendor insert returned nothing');
  return row;
}

/** GetVendors: the company's vendors by name. */
export async function listVendors(db: Db, entityId: string): Promise<VendorRow[]> {
  return db
    .select()
    .from(vendors)
    .where(eq(vendors.entityId, entityId))
    .orderBy(asc(vendors.name), asc(vendors.id));
}
