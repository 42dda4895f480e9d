import type { Clock } from '../clock';
import type { Tx } from '../db/client';
import { fileDueTaxDocuments } from '../modules/banking';

/**
 * The demo company's tax documents: the bank files the Forms 1099-INT due by the clock's
 * today, as the Documents page would on its first visit, so the page shows them from the start. With
 * the demo's checking account opened 13 months before today's month (seedDemoBanking), that is the
 * previous calendar year's, its October to December interest well above the $10 threshold. Runs after
 * the banking seed, which credits that interest. Returns how many were filed.
 */
export async function seedDemoTaxDocuments(tx: Tx, clock: Clock, entityId: string): Promise<number> {
  return fileDueTaxDocuments(tx, clock, entityId);
}
