import { Modal, Tabs } from '@mantine/core';
import { IconBuildingBank, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import type { DepositAccount, KeelTransfer } from '../bankingQueries';
import { TransferForm } from './TransferForm';
import { TransferSent } from './TransferSent';

type SendMoneyModalProps = {
  opened: boolean;
  onClose: () => void;
  entityId: string;
  accounts: readonly DepositAccount[];
  /** The company's today: the first day a transfer can be sent. */
  today: string;
  /** The company's time zone. */
  timeZone: string;
};

/**
 * 'Send money': an ACH tab and a Wire tab, each its own form with its own idempotency key (both kept
 * while the dialog is open, so switching tabs loses nothing), each with its Review step. Once a
 * transfer is created the dialog shows it, with its receipt. Closing the dialog drops everything: the
 * next opening is a new transfer with a new key.
 */
export function SendMoneyModal({
  opened,
  onClose,
  entityId,
  accounts,
  today,
  timeZone,
}: SendMoneyModalProps) {
  const [sent, setSent] = useState<KeelTransfer | null>(null);
  const close = () => {
    setSent(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Send money"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {sent ? (
        <TransferSent entityId={entityId} transfer={sent} timeZone={timeZone} onDone={close} />
      ) : (
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
                timeZone={timeZone}
                onSent={setSent}
                onCancel={close}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Modal>
  );
}
