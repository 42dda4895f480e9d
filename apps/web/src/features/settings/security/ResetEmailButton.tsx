import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { requestPasswordReset } from '../../auth/authApi';

type ResetEmailState = 'initial' | 'loading' | 'success' | 'error';

/**
 * The reset-email button (spec §2, §8): emails the signed-in user a link to choose a new password, for
 * when the current one is forgotten. States initial, loading, success and error (dismissible).
 */
export function ResetEmailButton({ email }: { email: string }) {
  const [state, setState] = useState<ResetEmailState>('initial');

  const send = async () => {
    setState('loading');
    try {
      await requestPasswordReset(email);
      setState('success');
    } catch {
      setState('error');
    }
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm" c="dimmed">
        Forgot your current password? We can email you a link to choose a new one.
      </Text>
      <Button
        variant="default"
        onClick={() => void send()}
        loading={state === 'loading'}
        disabled={state === 'success'}
      >
        Send password reset email
      </Button>
      {state === 'success' && (
        <Alert color="green" variant="light" icon={<IconMailCheck size={18} />} role="status">
          An email with instructions has been sent to {email}
        </Alert>
      )}
      {state === 'error' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setState('initial')}
        >
          Something went wrong. Please try again.
        </Alert>
      )}
    </Stack>
  );
}
