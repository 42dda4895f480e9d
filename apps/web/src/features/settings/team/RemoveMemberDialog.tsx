import { ConfirmDestructiveDialog } from '../../../lib/ConfirmDestructiveDialog';

type RemoveMemberDialogProps = {
  opened: boolean;
  memberName: string;
  companyName: string;
  removing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before deleteMember: the person loses access to the company at once; their account stays. */
export function RemoveMemberDialog({
  opened,
  memberName,
  companyName,
  removing,
  onCancel,
  onConfirm,
}: RemoveMemberDialogProps) {
  return (
    <ConfirmDestructiveDialog
      opened={opened}
      title={`Remove ${memberName}?`}
      confirmLabel="Remove from team"
      busy={removing}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {memberName} loses access to {companyName} at once. Their account stays theirs, and you can invite them
      again later.
    </ConfirmDestructiveDialog>
  );
}
