import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * Every team write (invite, approve, decline, remove, role change, and joining by invitation) first
 * takes this lock on the company's team, for the rest of its transaction: one writer at a time checks
 * who is a member, who is invited and how many invitations are open. Team writes take no other lock
 * before it, and ledger writes never take it, so it cannot join a deadlock.
 */
export async function lockTeam(tx: Tx, entityId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('keel:team'), hashtext(${entityId}))`);
}
