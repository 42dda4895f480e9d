import { requireFeature } from '../../errors';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import { cardDepsOf, requireCard, requireDepositAccount } from './cardContext';
import { sendCardIssuedEmail } from './cardEmail';
import { setCardLimits } from './cardLimits';
import { createRevealToken } from './cardReveal';
import { type CardChange, changeCard, issueCard } from './cards';
import { CardRef, CardRevealTokenRef } from './cardTypes';

/**
 * The card calls of spec §7. Issuing and changing a card need sendMoney (the permission table: 'the
 * card actions that move money'); revealing one needs useCards (owners, admins and the card-only
 * members who pay with them; a bookkeeper lists the cards but never sees a full number). Cards are
 * named by id; another company's card
 * or account answers as a missing one ('Card not found', 'Account not found').
 */

const CHANGE_DESCRIPTIONS: Record<CardChange, string> = {
  activate:
    "activateTprimePhysicalCard(id, pin) (spec §4, §5): activates a physical card awaiting activation with the PIN its holder chose: 4 digits ('Card PIN is required', 'Card PIN must be 4 digits long', 'Card PIN must be numeric', on `pin`). Only the PIN's salted hash is kept.",
  freeze: "suspendTprimeCard(id): freezes an active card (status suspended, shown 'Frozen').",
  unfreeze: 'activateTprimeCard(id): unfreezes a frozen card.',
};

builder.mutationFields((t) => {
  const changeField = (change: CardChange, withPin: boolean) =>
    t.field({
      ...fieldPolicy({ access: 'sendMoney' }),
      type: CardRef,
      description: `${CHANGE_DESCRIPTIONS[change]} A change the card's status does not allow is BAD_USER_INPUT on \`id\` and changes nothing.`,
      args: {
        id: t.arg.id({ required: true }),
        ...(withPin ? { pin: t.arg.string({ ...textLimit(16) }) } : {}),
      },
      resolve: async (_root, args, ctx) => {
        const card = await requireCard(ctx, String(args.id), 'sendMoney');
        requireFeature(ctx.config.FEATURES, 'banking');
        const pin = 'pin' in args ? args.pin : undefined;
        return changeCard(cardDepsOf(ctx), { entityId: card.entityId, cardId: card.id, change, pin });
      },
    });

  return {
    createTprimeCard: t.field({
      ...fieldPolicy({ access: 'sendMoney' }),
      type: CardRef,
      description:
        "createTprimeCard(accountId, cardType) (spec §7): issues a TPrime::Card on the company's open deposit account. `cardType` is the kind, physical or virtual; one of each per company (spec §4), a canceled card aside. A physical card starts inactive until activated with a PIN; a virtual card is active at once. `name` is optional (the kind's label by default, at most 40 characters).",
      args: {
        accountId: t.arg.id({ required: true }),
        cardType: t.arg.string({ required: true, ...textLimit(32) }),
        name: t.arg.string(),
      },
      resolve: async (_root, args, ctx) => {
        const viewer = ctx.requireViewer();
        const account = await requireDepositAccount(ctx, String(args.accountId), 'sendMoney');
        requireFeature(ctx.config.FEATURES, 'banking');
        const card = await issueCard(cardDepsOf(ctx), {
          entityId: account.entityId,
          userId: viewer.userId,
          accountId: account.id,
          form: { cardType: args.cardType, ...(args.name == null ? {} : { name: args.name }) },
        });
        // After the commit: the card exists whether or not the email goes.
        await sendCardIssuedEmail({ db: ctx.db, email: ctx.providers.email }, card);
        return card;
      },
    }),
    setCardLimits: t.field({
      ...fieldPolicy({ access: 'sendMoney' }),
      type: CardRef,
      description:
        "A card's daily and monthly spending limits, in cents over the company's day and month (its time zone); null for no limit. Each is $1 to $1,000,000 and the daily one not above the monthly one (BAD_USER_INPUT naming `dailyLimit` or `monthlyLimit`). Needs sendMoney, as freezing a card does. Charges that would take the card's approved spend above a limit are declined at authorization ('Card daily limit exceeded', 'Card monthly limit exceeded').",
      args: {
        id: t.arg.id({ required: true }),
        dailyLimit: t.arg({ type: 'Cents' }),
        monthlyLimit: t.arg({ type: 'Cents' }),
      },
      resolve: async (_root, args, ctx) => {
        const card = await requireCard(ctx, String(args.id), 'sendMoney');
        requireFeature(ctx.config.FEATURES, 'banking');
        return setCardLimits(ctx, {
          entityId: card.entityId,
          cardId: card.id,
          dailyLimit: args.dailyLimit,
          monthlyLimit: args.monthlyLimit,
        });
      },
    }),
    activateTprimePhysicalCard: changeField('activate', true),
    suspendTprimeCard: changeField('freeze', false),
    activateTprimeCard: changeField('unfreeze', false),
    createCardRevealToken: t.field({
      ...fieldPolicy({ access: 'useCards' }),
      type: CardRevealTokenRef,
      description:
        "The first step of revealing a card's number and CVV (spec §4): a random token for this viewer and card, valid 60 seconds and once. Needs useCards (owners, admins, card-only members; not bookkeepers); a canceled card cannot be revealed.",
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => {
        const viewer = ctx.requireViewer();
        const card = await requireCard(ctx, String(args.id), 'useCards');
        requireFeature(ctx.config.FEATURES, 'banking');
        return createRevealToken(ctx, { card, userId: viewer.userId });
      },
    }),
  };
});
