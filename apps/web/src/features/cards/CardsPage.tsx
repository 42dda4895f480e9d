import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEntityContext } from '../../shell/EntityContext';
import { canSeeBooks } from '../../shell/navigation';
import { PageTitle } from '../../shell/PageTitle';

/**
 * /cards (spec §2). A card-only member lands here: what their role lets them do, in the company's name.
 * Card issuing (listing, activation, freeze) arrives with the banking issue; until then no card exists,
 * so the page says so instead of an empty table.
 */
export function CardsPage() {
  const { entity } = useEntityContext();
  if (canSeeBooks(entity.viewerRole)) return <PageTitle title="Cards" />;
  return (
    <Stack gap="md" maw={640}>
      <PageTitle title="Cards" />
      <Paper withBorder radius="md" p="lg" data-testid="card-only-welcome">
        <Stack gap="xs">
          <Title order={4}>Your cards at {entity.name}</Title>
          <Text size="sm">
            You are a card-only member of {entity.name}: you use the company cards issued to you. The
            company's reports, accounts, transactions and team are for its owner, admins and bookkeepers.
          </Text>
          <Text size="sm" c="dimmed">
            No card has been issued to you yet. Ask an admin of {entity.name} to issue one; it will appear
            here.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
