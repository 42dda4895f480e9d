import { Button, Group } from '@mantine/core';

/**
 * A form's closing pair, right-aligned: Cancel (disabled while the form is sent) and the submit button
 * (loading meanwhile). The profile, invitation and payment forms end with it.
 */
export function CancelSubmitButtons({
  onCancel,
  submitting,
  submitLabel = 'Submit',
}: {
  onCancel: () => void;
  submitting: boolean;
  submitLabel?: string;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
