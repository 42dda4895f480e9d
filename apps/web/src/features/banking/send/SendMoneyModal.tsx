import type { TransferRail } from '@keel/domain';
import { Modal, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingBank, IconWorld } from '@tabler/icons-react';
import { formatCents } from '../../../lib/format';
import type { KeelAccount, KeelTransfer } from '../bankingQueries';
import { RAIL_LABELS, transferStatusBadge } from '../transferLabels';
import { TransferForm } from './TransferForm';

export type SendMoneyModalProps = {
  opened: boolean;
  onClose: () => void;
  entityId: string;
  accounts: readonly KeelAccount[];
  today: string;
};

/**
 * 'Send money': an ACH tab and a Wire tab, each its own form with its own idempotency key (both kept
 * while the dialog is open, so switching tabs loses nothing). Closing the dialog drops them: the next
 * opening is a new transfer with a new key.
 */
export function SendMoneyModal({ opened, onClose, entityId, accounts, today }: SendMoneyModalProps) {
  const sent = (rail: TransferRail, transfer: KeelTransfer) => {
    notifications.show({
      color: 'teal',
      title: `${RAIL_LABELS[rail]} transfer ${transfer.status === 'posted' ? 'sent' : 'scheduled'}`,
      message: `${formatCents(transfer.amount)} to ${transfer.recipientName}: ${transferStatusBadge(transfer.status).label.toLowerCase()}`,
    });
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Send money"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Tabs defaultValue="ach" keepMounted>
        <Tabs.List mb="md">
          <Tabs.Tab value="ach" leftSection={<IconBuildingBank size={16} />}>
            ACH
          </Tabs.Tab>
          <Tabs.Tab value="wire" leftSection={<IconWorld size={16} />}>
            Wire
          </Tabs.Tab>
        </Tabs.List>
        {(['ach', 'wire'] as const).map((rail) => (
          <Tabs.Panel key={rail} value={rail}>
            <TransferForm
              rail={rail}
              entityId={entityId}
              accounts={accounts}
              today={today}
              onSent={(transfer) => sent(rail, transfer)}
              onCancel={onClose}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
