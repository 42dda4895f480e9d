import { useMutation, useQuery } from '@apollo/client/react';
import { ActionIcon, Button, Collapse, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ACCOUNT_RULES_QUERY,
  type AccountRuleView,
  APPLY_RULE_MUTATION,
  DELETE_RULE_MUTATION,
} from '../grid/moveMutations';
import { entriesLabel } from '../moveMessages';
import { REPORT_MUTATION_OPTIONS } from '../reportQuery';
import { describeSaveError } from './DrawerFormFrame';

const madeOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The account's rules in the drawer: each rule that moves entries out of this
 * account or into it, with what it matches, from where to where and when it was made; 'Apply now'
 * re-applies it to the entries already there (rules otherwise act when made and on later imports), and
 * delete asks 'Confirm?' first. Hidden while the account has no rules.
 */
export function AccountRules({ accountId }: { accountId: string }) {
  const { data } = useQuery(ACCOUNT_RULES_QUERY, { variables: { accountId } });
  const [openState, setOpenState] = useState({ accountId, open: false });
  const open = openState.accountId === accountId && openState.open;
  const rules = data?.accountRules ?? [];
  if (rules.length === 0) return null;
  return (
    <Stack gap={4} data-testid="drawer-rules">
      <UnstyledButton
        onClick={() => setOpenState({ accountId, open: !open })}
        aria-expanded={open}
        aria-controls="drawer-rules-list"
      >
        <Group gap={4}>
          {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          <Text size="sm" fw={500}>
            Rules ({rules.length})
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Stack gap={6} id="drawer-rules-list" role="list" aria-label="Rules">
          {rules.map((rule) => (
            <RuleItem key={rule.id} rule={rule} accountId={accountId} />
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}

function RuleItem({ rule, accountId }: { rule: AccountRuleView; accountId: string }) {
  const [confirming, setConfirming] = useState(false);
  const outside = useClickOutside(() => setConfirming(false));
  const [deleteRule, deleting] = useMutation(DELETE_RULE_MUTATION, REPORT_MUTATION_OPTIONS);
  const [applyRule, applying] = useMutation(APPLY_RULE_MUTATION, REPORT_MUTATION_OPTIONS);
  const from = rule.fromAccount?.name ?? 'a deleted account';
  const to = rule.toAccount.name;
  const outgoing = rule.fromAccountId === accountId;

  const remove = async () => {
    try {
      await deleteRule({ variables: { id: rule.id } });
      notifications.show({ color: 'green', message: `Rule “${rule.searchFilter}” deleted` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Rule not deleted', message: describeSaveError(error) });
    }
  };
  const apply = async () => {
    try {
      const { data } = await applyRule({ variables: { id: rule.id } });
      notifications.show({
        color: 'green',
        message: `Rule “${rule.searchFilter}”: moved ${entriesLabel(data?.applyRule.movedCount ?? 0)} to ${to}`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Nothing moved', message: describeSaveError(error) });
    }
  };

  return (
    <Group
      role="listitem"
      data-testid="drawer-rule"
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      p={6}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setConfirming(false);
      }}
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          “{rule.searchFilter}” {outgoing ? `→ ${to}` : `← from ${from}`}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {from} → {to} · made {madeOn.format(new Date(rule.createdAt))}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap" ref={outside}>
        {rule.fromAccountId ? (
          <Tooltip
            label={`Move the entries on ${from} matching “${rule.searchFilter}” to ${to} now`}
            withinPortal
          >
            <Button
              size="compact-xs"
              variant="default"
              loading={applying.loading}
              onClick={() => void apply()}
            >
              Apply now
            </Button>
          </Tooltip>
        ) : null}
        {confirming ? (
          <Button size="compact-xs" color="red" loading={deleting.loading} onClick={() => void remove()}>
            Confirm?
          </Button>
        ) : (
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={`Delete rule “${rule.searchFilter}”`}
            onClick={() => setConfirming(true)}
          >
            <IconTrash size={14} />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}
