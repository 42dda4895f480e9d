import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import type { CardIssuer } from '../../providers/banking';
import type { SecretBox } from '../../secrets/secretBox';

/** What the card services work with: the database, the clock, the card issuer and the secret box. */
export type CardDeps = {
  db: Db | Tx;
  clock: Clock;
  issuer: CardIssuer;
  /** Seals and opens each card's number and CVV (`card:{id}:pan`, `card:{id}:cvv`). */
  secrets: SecretBox;
};
