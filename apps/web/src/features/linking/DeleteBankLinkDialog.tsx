import { ConfirmDestructiveDialog } from '../../lib/ConfirmDestructiveDialog';
import type { BankLink } from './bankLinks';
import { PROVIDER_LABELS } from './bankLinks';

type DeleteBankLinkDialogProps = {
  /** The connection to delete; null: closed. */
  link: BankLink | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * Asks before DeletePlaidItem / DeleteMoneykitLink: the provider stops importing from the bank; its
 * accounts and what they imported stay in the books, and linking the bank again takes them over.
 */
export function DeleteBankLinkDialog({ link, deleting, onCancel, onConfirm }: DeleteBankLinkDialogProps) {
  return (
    <ConfirmDestructiveDialog
      opened={link !== null}
      title={link ? `Delete ${link.institutionName}?` : ''}
      confirmLabel="Delete connection"
      busy={deleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {link ? (
        <>
          {PROVIDER_LABELS[link.provider]} stops importing from {link.institutionName}. Its{' '}
          {link.accounts.length === 1 ? 'account' : `${link.accounts.length} accounts`} and the transactions
          already imported stay in your books; linking the bank again picks them up where they left off.
        </>
      ) : null}
    </ConfirmDestructiveDialog>
  );
}
