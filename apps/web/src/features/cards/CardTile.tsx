import {
  CARD_STATUS_LABELS,
  type CardAction,
  cardActionsFor,
  formatCardNumber,
  MASKED_CVV,
  maskCardNumber,
} from '@keel/domain';
import { Badge, Box, Button, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconAdjustments, IconEye, IconEyeOff, IconKey, IconList, IconSnowflake } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCents } from '../../lib/format';
import { GatedButton } from '../settings/team/GatedButton';
import classes from './CardTile.module.css';
import type { CardItem } from './cardQueries';
import type { CardSecrets } from './cardSecrets';
import { cardStateOf } from './cardState';

/** The actions of the card list that have a call (spec §7); cancel has none. */
type CardTileAction = Exclude<CardAction, 'cancel'>;

const STATUS_COLORS: Record<string, string> = {
  active: 'green',
  inactive: 'gray',
  suspended: 'red',
  canceled: 'gray',
};

type CardTileProps = {
  card: CardItem;
  /** The number and CVV while revealed; null while masked. */
  secrets: CardSecrets | null;
  revealing: boolean;
  onToggleReveal: () => void;
  /** Why the viewer cannot reveal the card (no useCards: a bookkeeper), or null. */
  revealBlockedReason: string | null;
  /** Why the viewer cannot change the card (no sendMoney), or null. */
  blockedReason: string | null;
  busy: boolean;
  onAction: (action: CardTileAction) => void;
  /** Opens the card's spending limits (disabled with blockedReason for those who may not change cards). */
  onEditLimits: () => void;
  /** Shows the card's transactions below the cards; `selected` while they are shown. */
  onShowTransactions: () => void;
  selected: boolean;
};

/**
 * One card (spec §4 Card): its face with the name, the number masked to its last 4 digits until
 * revealed (then in groups of 4), the CVV '***' until revealed, and the expiry; under it the
 * description (red while the card is inactive) and its buttons: Reveal or Hide, then Activate for a
 * physical card awaiting activation, Freeze for an active card, or the red Frozen control that
 * unfreezes a frozen one.
 */
export function CardTile({
  card,
  secrets,
  revealing,
  onToggleReveal,
  revealBlockedReason,
  blockedReason,
  busy,
  onAction,
  onEditLimits,
  onShowTransactions,
  selected,
}: CardTileProps) {
  const state = cardStateOf(card);
  const actions = state ? cardActionsFor(state) : [];
  const statusLabel = state ? CARD_STATUS_LABELS[state.status] : card.status;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      data-testid="card-tile"
      data-card-id={card.id}
      data-status={card.status}
      data-selected={selected}
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap="sm">
        <Box className={classes.face} data-kind={card.type} data-status={card.status}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div>
              <Text fw={650} lineClamp={1} data-testid="card-name">
                {card.name}
              </Text>
              <Text size="xs" opacity={0.8}>
                {card.type === 'physical' ? 'Physical' : 'Virtual'} · {card.cardType}
              </Text>
            </div>
            <Badge color={STATUS_COLORS[card.status] ?? 'gray'} variant="filled" data-testid="card-status">
              {statusLabel}
            </Badge>
          </Group>
          <span className={classes.number} data-testid="card-number">
            {secrets ? formatCardNumber(secrets.primaryAccountNumber) : maskCardNumber(card.last4)}
          </span>
          <Group gap="xl">
            <FaceField label="CVV" testId="card-cvv">
              {secrets ? secrets.verificationCode : MASKED_CVV}
            </FaceField>
            <FaceField label="Expires" testId="card-expiration">
              {card.expiration}
            </FaceField>
          </Group>
        </Box>
        {card.description ? (
          <Text size="sm" c={card.status === 'inactive' ? 'red' : 'dimmed'} data-testid="card-description">
            {card.description}
          </Text>
        ) : null}
        <Stack gap={6} data-testid="card-limits">
          <LimitLine label="Daily limit" spent={card.spent.today} limit={card.dailyLimit} period="today" />
          <LimitLine
            label="Monthly limit"
            spent={card.spent.thisMonth}
            limit={card.monthlyLimit}
            period="this month"
          />
        </Stack>
        <Group gap="xs">
          {card.status !== 'canceled' ? (
            <GatedButton
              variant="default"
              size="sm"
              leftSection={secrets ? <IconEyeOff size={16} /> : <IconEye size={16} />}
              loading={revealing}
              blockedReason={revealBlockedReason}
              onClick={onToggleReveal}
            >
              {secrets ? 'Hide' : 'Reveal'}
            </GatedButton>
          ) : null}
          {actions.includes('activate') ? (
            <GatedButton
              size="sm"
              leftSection={<IconKey size={16} />}
              blockedReason={blockedReason}
              onClick={() => onAction('activate')}
            >
              Activate
            </GatedButton>
          ) : null}
          {actions.includes('freeze') ? (
            <GatedButton
              size="sm"
              variant="light"
              leftSection={<IconSnowflake size={16} />}
              blockedReason={blockedReason}
              loading={busy}
              onClick={() => onAction('freeze')}
            >
              Freeze
            </GatedButton>
          ) : null}
          {actions.includes('unfreeze') ? (
            <FrozenControl
              blockedReason={blockedReason}
              busy={busy}
              onUnfreeze={() => onAction('unfreeze')}
            />
          ) : null}
          {card.status !== 'canceled' ? (
            <GatedButton
              size="sm"
              variant="default"
              leftSection={<IconAdjustments size={16} />}
              blockedReason={blockedReason}
              onClick={onEditLimits}
            >
              Limits
            </GatedButton>
          ) : null}
          <Button
            size="sm"
            variant={selected ? 'light' : 'subtle'}
            leftSection={<IconList size={16} />}
            aria-pressed={selected}
            onClick={onShowTransactions}
          >
            Transactions
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A limit and the approved spend it counts: '$120.00 of $500.00 today', or the spend and 'No limit'. */
function LimitLine({
  label,
  spent,
  limit,
  period,
}: {
  label: string;
  spent: number;
  limit: number | null;
  period: string;
}) {
  const used = limit === null ? 0 : Math.min(100, (spent / limit) * 100);
  return (
    <div>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text
          size="xs"
          fw={500}
          data-testid={label === 'Daily limit' ? 'card-daily-limit' : 'card-monthly-limit'}
        >
          {limit === null
            ? `No limit · ${formatCents(spent)} ${period}`
            : `${formatCents(spent)} of ${formatCents(limit)} ${period}`}
        </Text>
      </Group>
      {limit === null ? null : (
        <Progress
          value={used}
          size="xs"
          color={used >= 100 ? 'red' : used >= 80 ? 'orange' : 'blue'}
          mt={4}
        />
      )}
    </div>
  );
}

function FaceField({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div>
      <div className={classes.label}>{label}</div>
      <div className={classes.value} data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

/** Spec §4: a suspended card shows a red Frozen control; pressing it unfreezes the card. */
function FrozenControl({
  blockedReason,
  busy,
  onUnfreeze,
}: {
  blockedReason: string | null;
  busy: boolean;
  onUnfreeze: () => void;
}) {
  const control = (
    <GatedButton
      size="sm"
      color="red"
      leftSection={<IconSnowflake size={16} />}
      blockedReason={blockedReason}
      loading={busy}
      onClick={onUnfreeze}
    >
      Frozen
    </GatedButton>
  );
  if (blockedReason) return control;
  return (
    <Tooltip label="Frozen: press to unfreeze" withArrow>
      <span>{control}</span>
    </Tooltip>
  );
}
