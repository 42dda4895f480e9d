import { randomBytes } from 'node:crypto';
import type { CardKind } from '@keel/domain';
import { asc, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Tx } from '../db/client';
import { cards, depositAccounts } from '../db/schema';
import { issueCard } from '../modules/banking';
import { createSandboxCardIssuer } from '../providers/banking/sandboxCards';
import { createSecretBox, type SecretBox } from '../secrets/secretBox';

/** The demo company's cards: one of each kind, as /cards shows them (spec §2, §4). */
export const DEMO_CARDS: readonly { kind: CardKind; name: string }[] = [
  { kind: 'virtual', name: 'Software and ads' },
  { kind: 'physical', name: 'Travel and meals' },
];

/**
 * The demo company's cards on its Keel checking account, issued today through the sandbox issuer as
 * createTprimeCard issues them: a virtual card (active) and a physical card (inactive, awaiting its
 * activation with a PIN), so /cards shows both groups, Freeze and Activate. Their numbers are sealed
 * with `secrets`, which must be the server's secret box for the demo's Reveal to open them (main.ts
 * passes it); without one they are sealed under a throwaway key and the list works but Reveal cannot.
 * Idempotent: a company with any card is left as it is. Runs after seedDemoBanking (the account).
 */
export async function seedDemoCards(
  tx: Tx,
  clock: Clock,
  input: { entityId: string; ownerId: string; secrets?: SecretBox },
): Promise<void> {
  const [existing] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(eq(cards.entityId, input.entityId))
    .limit(1);
  if (existing) return;
  const [account] = await tx
    .select({ id: depositAccounts.id })
    .from(depositAccounts)
    .where(eq(depositAccounts.entityId, input.entityId))
    .orderBy(asc(depositAccounts.createdAt))
    .limit(1);
  if (!account) throw new Error('The demo company has no Keel account for its cards');
  const deps = {
    db: tx,
    clock,
    issuer: createSandboxCardIssuer(),
    secrets: input.secrets ?? createSecretBox(randomBytes(32)),
  };
  for (const card of DEMO_CARDS) {
    await issueCard(deps, {
      entityId: input.entityId,
      userId: input.ownerId,
      accountId: account.id,
      form: { cardType: card.kind, name: card.name },
    });
  }
}
