import { useQuery } from '@apollo/client/react';
import {
  CARD_ISSUE_MESSAGES,
  type CardState,
  canAddCard,
  cardGroupOf,
  cardKindsToOffer,
  PRODUCT_NAME,
} from '@keel/domain';
import { Alert, Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useEntityContext } from '../../shell/EntityContext';
import { canSeeBooks } from '../../shell/navigation';
import { PageTitle } from '../../shell/PageTitle';
import { GatedButton } from '../settings/team/GatedButton';
import { ActivateCardModal } from './ActivateCardModal';
import { CardLimitsModal } from './CardLimitsModal';
import { CardTile } from './CardTile';
import { CardTransactions } from './CardTransactions';
import { CreateCardModal } from './CreateCardModal';
import {
  canChangeCards,
  canRevealCards,
  cardActionsBlockedReason,
  REVEAL_BLOCKED_REASON,
} from './cardPermissions';
import { CARDS_QUERY, type CardItem } from './cardQueries';
import { cardStateOf } from './cardState';
import { useCardActions } from './useCardActions';
import { useCardReveal } from './useCardReveal';

const GROUPS = ['Active', 'Inactive'] as const;

/**
 * /cards (spec §2, §4): the company's cards grouped Active (frozen ones included: they can be
 * unfrozen) and Inactive, or 'No cards yet. Add a card to get started.'; Add Card while the company
 * has a deposit account and lacks a physical or a virtual card, opening 'Create a Card' with only the
 * kinds it lacks. Every member lists and reveals the cards and sees each card's limits and
 * transactions (the selected card's, below the cards); owners and admins (sendMoney) add, activate,
 * freeze and unfreeze them and set their limits, everyone else sees those buttons disabled saying who can. A
 * card-only member lands here: the page first says what their role is for, in the company's name.
 */
export function CardsPage() {
  const { entity } = useEntityContext();
  const mayChange = canChangeCards(entity.viewerRole);
  const revealBlockedReason = canRevealCards(entity.viewerRole) ? null : REVEAL_BLOCKED_REASON;
  const blockedReason = cardActionsBlockedReason(entity.viewerRole);
  const { data, previousData, error } = useQuery(CARDS_QUERY, {
    variables: { entityId: entity.id, withAccounts: mayChange },
    fetchPolicy: 'cache-and-network',
  });
  const loaded = data ?? previousData;
  const cards = loaded?.cards;
  const openAccounts = (loaded?.providerBankAccounts ?? []).filter((account) => account.status === 'open');
  // Those who may not issue cards do not read the accounts: the shell knows whether there is one.
  const hasAccount = mayChange ? openAccounts.length > 0 : entity.hasKeelAccounts;
  const states = (cards ?? []).map(cardStateOf).filter((state): state is CardState => state !== null);
  const [creating, setCreating] = useState(false);
  const [activating, setActivating] = useState<CardItem | null>(null);
  const [limiting, setLimiting] = useState<CardItem | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The card whose transactions show: the one picked, else the first card listed.
  const selected = cards?.find((card) => card.id === selectedId) ?? cards?.[0] ?? null;
  const reveal = useCardReveal();
  const actions = useCardActions();

  return (
    <Stack gap="lg" pb="xl" maw={1200} data-testid="cards-page">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <PageTitle title="Cards" />
          <Text size="sm" c="dimmed">
            {entity.name}'s cards on its {PRODUCT_NAME} account.
          </Text>
        </div>
        {cards && canAddCard(hasAccount, states) ? (
          <GatedButton
            leftSection={<IconPlus size={16} />}
            blockedReason={blockedReason}
            onClick={() => setCreating(true)}
          >
            Add Card
          </GatedButton>
        ) : null}
      </Group>

      {canSeeBooks(entity.viewerRole) ? null : <CardOnlyWelcome entityName={entity.name} cards={cards} />}

      {error && !loaded ? (
        <LoadError error={error} />
      ) : !cards ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading cards" />
        </Group>
      ) : cards.length === 0 ? (
        <EmptyCards showApply={mayChange && !hasAccount} />
      ) : (
        GROUPS.map((group) => {
          const members = cards.filter(
            (card) => cardGroupOf(cardStateOf(card)?.status ?? 'canceled') === group,
          );
          if (members.length === 0) return null;
          return (
            <section key={group} aria-labelledby={`cards-${group}`} data-testid={`cards-group-${group}`}>
              <Group gap="xs" mb="sm">
                <Title order={3} size="h4" id={`cards-${group}`}>
                  {group}
                </Title>
                <Badge variant="light" color="gray" size="lg">
                  {members.length}
                </Badge>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
                {members.map((card) => (
                  <CardTile
                    key={card.id}
                    card={card}
                    secrets={reveal.revealed[card.id] ?? null}
                    revealing={reveal.pending === card.id}
                    onToggleReveal={() => void reveal.toggle(card.id)}
                    revealBlockedReason={revealBlockedReason}
                    blockedReason={blockedReason}
                    busy={actions.busy === card.id}
                    onAction={(action) =>
                      action === 'activate' ? setActivating(card) : void actions.change(card, action)
                    }
                    onEditLimits={() => setLimiting(card)}
                    selected={selected?.id === card.id}
                    onShowTransactions={() => {
                      setSelectedId(card.id);
                      document
                        .getElementById('card-transactions')
                        ?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
                    }}
                  />
                ))}
              </SimpleGrid>
            </section>
          );
        })
      )}

      {selected ? (
        <section id="card-transactions" aria-label="Card transactions">
          <CardTransactions card={selected} />
        </section>
      ) : null}

      {mayChange ? (
        <>
          <CreateCardModal
            opened={creating}
            kinds={cardKindsToOffer(states)}
            accounts={openAccounts}
            onClose={() => setCreating(false)}
          />
          <ActivateCardModal card={activating} onClose={() => setActivating(null)} />
          <CardLimitsModal card={limiting} onClose={() => setLimiting(null)} />
        </>
      ) : null}
    </Stack>
  );
}

/** Spec §2: the empty list; with no deposit account yet, those who may open one are pointed to /apply. */
function EmptyCards({ showApply }: { showApply: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="cards-empty">
      <Stack align="center" gap="xs">
        <IconCreditCard size={32} stroke={1.5} color="var(--mantine-color-gray-6)" />
        <Text fw={600}>No cards yet. Add a card to get started.</Text>
        {showApply ? (
          <Text size="sm" c="dimmed">
            {CARD_ISSUE_MESSAGES.noAccount}:{' '}
            <Anchor component={Link} to="/apply">
              apply for one
            </Anchor>
            .
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A card-only member's landing: what their role is for, in the company's name (e2e roleLanding). */
function CardOnlyWelcome({
  entityName,
  cards,
}: {
  entityName: string;
  cards: readonly CardItem[] | undefined;
}) {
  return (
    <Paper withBorder radius="md" p="lg" maw={720} data-testid="card-only-welcome">
      <Stack gap="xs">
        <Title order={4}>Your cards at {entityName}</Title>
        <Text size="sm">
          You are a card-only member of {entityName}: you use the company cards below. The company's reports,
          accounts, transactions and team are for its owner, admins and bookkeepers.
        </Text>
        {cards && cards.length === 0 ? (
          <Text size="sm" c="dimmed">
            No card has been issued yet. Ask an admin of {entityName} to issue one; it will appear here.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Reveal a card to see its full number and CVV; they hide again after a minute.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function LoadError({ error }: { error: unknown }) {
  useEffect(() => console.error('The cards could not be loaded', error), [error]);
  return (
    <Alert color="red" title="Error" data-testid="cards-error">
      <Text size="sm">The cards could not be loaded. Reload the page to try again.</Text>
    </Alert>
  );
}
