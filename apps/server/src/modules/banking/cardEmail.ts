import { CARD_KIND_LABELS, PRODUCT_NAME } from '@keel/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankApplications, entities, users } from '../../db/schema';
import type { EmailMessage, EmailProvider } from '../../providers';
import type { CardView } from './cards';

/**
 * The card-issued email: sent once a new card is committed, to the member who issued
 * it and, for a physical card, to its cardholder (the approved applicant it is printed for and shipped
 * to) when that is another address. It names the card by its last 4 digits only, never its number or
 * CVV. A failed send is reported without any address and fails nothing: the card exists either way,
 * and failing the call would make the issuer retry a card that was already issued.
 */
function cardIssuedEmail(input: {
  to: string;
  firstName: string;
  companyName: string;
  card: Pick<CardView, 'name' | 'kind' | 'last4' | 'status'>;
  cardholder: boolean;
}): EmailMessage {
  const { card } = input;
  const kind = CARD_KIND_LABELS[card.kind].toLowerCase();
  return {
    to: input.to,
    subject: `A ${kind} was issued for ${input.companyName}`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `${input.companyName} has a new ${kind} on its ${PRODUCT_NAME} account: ${card.name}, ending in ${card.last4}.`,
      '',
      ...(card.kind === 'physical'
        ? [
            input.cardholder
              ? 'It is printed in your name and mailed to the address on the application.'
              : 'It is mailed to the cardholder at the address on the application.',
            'When it arrives, activate it on the Cards page with a 4-digit PIN; it cannot be used before.',
          ]
        : ['It can be used at once for online and phone purchases. Reveal its number on the Cards page.']),
      '',
      'Its daily and monthly spending limits can be set on the Cards page.',
      `If you did not expect this card, freeze it on the Cards page and tell the company's owner.`,
    ].join('\n'),
  };
}

/** Sends the card-issued email(s) for a card just committed (see cardIssuedEmail). */
export async function sendCardIssuedEmail(
  deps: { db: Db; email: EmailProvider },
  card: CardView,
): Promise<void> {
  try {
    const [company] = await deps.db
      .select({ name: entities.name })
      .from(entities)
      .where(eq(entities.id, card.entityId));
    const companyName = company?.name ?? 'Your company';
    const recipients = new Map<string, { firstName: string; cardholder: boolean }>();
    if (card.kind === 'physical') {
      const [applicant] = await deps.db
        .select({ email: bankApplications.email, firstName: bankApplications.firstName })
        .from(bankApplications)
        .where(and(eq(bankApplications.entityId, card.entityId), eq(bankApplications.status, 'approved')));
      if (applicant) {
        recipients.set(applicant.email.toLowerCase(), { firstName: applicant.firstName, cardholder: true });
      }
    }
    if (card.createdBy) {
      const [issuer] = await deps.db
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, card.createdBy));
      if (issuer && !recipients.has(issuer.email.toLowerCase())) {
        const firstName = issuer.name.trim().split(/\s+/)[0] || issuer.name;
        recipients.set(issuer.email.toLowerCase(), { firstName, cardholder: false });
      }
    }
    for (const [to, recipient] of recipients) {
      await deps.email.send(cardIssuedEmail({ to, companyName, card, ...recipient }));
    }
  } catch (error) {
    console.error(
      `The card-issued email of card ${card.id} was not sent: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
