import { PRODUCT_NAME } from '@keel/domain';
import { ConfirmDestructiveDialog } from '../../lib/ConfirmDestructiveDialog';

type DisconnectQuickbooksDialogProps = {
  opened: boolean;
  companyName: string | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * Asks before deleteQuickbooksConnection: the company stops importing from QuickBooks Online and
 * leaves the accounting-connected mode (apiFlags.qbo off), so Transactions and bank linking come back.
 */
export function DisconnectQuickbooksDialog({
  opened,
  companyName,
  deleting,
  onCancel,
  onConfirm,
}: DisconnectQuickbooksDialogProps) {
  return (
    <ConfirmDestructiveDialog
      opened={opened}
      title="Disconnect QuickBooks Online?"
      confirmLabel="Disconnect"
      busy={deleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {PRODUCT_NAME} stops importing from {companyName ?? 'your QuickBooks company'}, and QuickBooks stops
      being where your books come from: Transactions and bank linking come back. You can connect it again at
      any time.
    </ConfirmDestructiveDialog>
  );
}
