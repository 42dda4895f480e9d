import type { ApolloClient } from '@apollo/client';
import type { ModifierDetails } from '@apollo/client/cache';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useEntityContext } from '../../../shell/EntityContext';
import { SET_ENTITY_TIME_ZONE_MUTATION } from '../../../shell/shellQueries';
import { TimeZoneSelect } from '../../../shell/TimeZoneSelect';
import { timeZoneLabel } from '../../../shell/timeZoneOptions';
import { viewerHolds } from '../../../shell/viewerHolds';
import { GatedButton } from '../team/GatedButton';
import { describeWhoCan } from '../team/teamPermissions';

/** What the shell reads from the root of the cache: kept when the company's days move. */
const SHELL_ROOT_FIELDS = new Set(['__typename', 'me', 'entities', 'entity', 'serverFeatures']);

/**
 * Everything else cached was worked out on the old zone's days (the report's current month, 'today's
 * transactions): dropped, so what is on screen and what opens next is read again on the new days.
 */
function forgetDayBoundData(client: ApolloClient): void {
  client.cache.modify({
    id: 'ROOT_QUERY',
    fields: (value: unknown, { fieldName, DELETE }: ModifierDetails) =>
      SHELL_ROOT_FIELDS.has(fieldName) ? value : DELETE,
  });
  client.cache.gc();
}

/** 'Sunday, November 22, 2026' for a day 'YYYY-MM-DD'. */
function longDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/**
 * The company's time zone on its settings (the Team page): its 'today', month ends, the report's
 * current month and transaction days follow it. Owners and admins change it (manageEntity); others
 * read it, the button saying who can.
 */
export function CompanyTimeZoneSection() {
  const { entity, today } = useEntityContext();
  const client = useApolloClient();
  const manager = viewerHolds(entity.viewerRole, 'manageEntity');
  const blockedReason = manager ? null : describeWhoCan('manageEntity', "change the company's time zone");
  // The picker (some 420 zones) is drawn only while a change is under way.
  const [draft, setDraft] = useState<string | null>(null);
  const [save, { loading, error, reset }] = useMutation(SET_ENTITY_TIME_ZONE_MUTATION);
  const changed = draft !== null && draft !== entity.timeZone;
  const stop = () => {
    reset();
    setDraft(null);
  };

  const submit = async () => {
    if (draft === null) return;
    const result = await save({ variables: { entityId: entity.id, timeZone: draft } }).catch(() => null);
    const saved = result?.data?.setEntityTimeZone;
    if (!saved) return;
    setDraft(null);
    forgetDayBoundData(client);
    notifications.show({
      color: 'green',
      message: `Time zone saved: ${timeZoneLabel(saved.timeZone)}. Today is ${longDay(saved.today)} there.`,
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" data-testid="company-time-zone">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            Company time zone
          </Title>
          <Text size="sm" c="dimmed">
            {entity.name}'s today, month ends, the report's current month and transaction days follow it.
          </Text>
        </div>
        {draft === null ? (
          <Group gap="sm" wrap="wrap">
            <Text fw={600} data-testid="company-time-zone-value">
              {timeZoneLabel(entity.timeZone)}
            </Text>
            <GatedButton
              variant="default"
              size="xs"
              blockedReason={blockedReason}
              onClick={() => setDraft(entity.timeZone)}
            >
              Change time zone
            </GatedButton>
          </Group>
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TimeZoneSelect
              label="Time zone"
              value={draft}
              onChange={(next) => {
                reset();
                setDraft(next);
              }}
              w={{ base: '100%', sm: 380 }}
              data-testid="company-time-zone-select"
              error={error ? true : undefined}
              data-autofocus
            />
            <Button disabled={!changed} loading={loading} onClick={() => void submit()}>
              Save time zone
            </Button>
            <Button variant="default" onClick={stop} disabled={loading}>
              Cancel
            </Button>
          </Group>
        )}
        <Text size="xs" c="dimmed" data-testid="company-today">
          Today in {timeZoneLabel(entity.timeZone)}: {longDay(today)}
        </Text>
        {error ? (
          <Alert color="red" variant="light" data-testid="company-time-zone-error">
            {error.message}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
