import {
  CARD_STATUS_LABELS,
  type CardAction,
  cardActionsFor,
  formatCardNumber,
  MASKED_CVV,
  maskCardNumber,
} from '@keel/domain';
import { Badge, Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff, IconKey, IconSnowflake } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { GatedButton } from '../settings/team/GatedButton';
import classes from './CardTile.module.css';
import type { CardItem } from './cardQueries';
import type { CardSecrets } from './cardSecrets';
import { cardStateOf } from './cardState';

/** The actions of the card list that have a call (spec §7); cancel has none. */
export type CardTileAction = Exclude<CardAction, 'cancel'>;

const STATUS_COLORS: Record<string, string> = {
  active: 'green',
  inactive: 'gray',
  suspended: 'red',
  canceled: 'gray',
};

export type CardTileProps = {
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
        </Group>
      </Stack>
    </Paper>
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
