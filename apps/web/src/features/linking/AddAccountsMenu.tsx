import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { FeatureUnavailableNotice } from '../../shell/FeatureUnavailableNotice';
import { GatedButton } from '../settings/team/GatedButton';
import { type LinkProvider, PROVIDER_LABELS } from './bankLinks';

const PROVIDER_NOTES: Record<LinkProvider, string> = {
  plaid: 'Most US banks and credit unions',
  moneykit: 'Banks that connect through MoneyKit',
};

/** What Add Accounts says when this server links banks through neither provider. */
const NO_BANK_LINKING = 'Bank linking is not set up on this server';

/**
 * 'Add Accounts': a menu of the two aggregators (provider A, Plaid; provider B, MoneyKit). For a
 * viewer who may not link banks it is a disabled button whose tooltip says who can. A provider the
 * server does not offer stays in the menu, disabled, its notice in place of its description; with
 * neither offered the notice stands in the button's place.
 */
export function AddAccountsMenu({
  blockedReason,
  starting,
  offNotices = {},
  onChoose,
}: {
  blockedReason: string | null;
  /** The provider whose flow is being opened. */
  starting: LinkProvider | null;
  /** The server's notice for each provider it does not offer. */
  offNotices?: Partial<Record<LinkProvider, string>>;
  onChoose: (provider: LinkProvider) => void;
}) {
  const label = 'Add Accounts';
  if (offNotices.plaid && offNotices.moneykit) {
    return <FeatureUnavailableNotice notice={NO_BANK_LINKING} compact />;
  }
  if (blockedReason) {
    return (
      <GatedButton
        leftSection={<IconPlus size={16} />}
        blockedReason={blockedReason}
        onClick={() => undefined}
      >
        {label}
      </GatedButton>
    );
  }
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <Button
          leftSection={<IconPlus size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={starting !== null}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Link a bank through</Menu.Label>
        {(['plaid', 'moneykit'] as const).map((provider) => (
          <Menu.Item
            key={provider}
            disabled={Boolean(offNotices[provider])}
            onClick={() => onChoose(provider)}
          >
            <Text size="sm" fw={600}>
              {PROVIDER_LABELS[provider]}
            </Text>
            <Text size="xs" c="dimmed">
              {offNotices[provider] ?? PROVIDER_NOTES[provider]}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
