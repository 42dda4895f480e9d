import { EMAIL_VERIFICATION_HOURS } from '@keel/domain';
import { Alert, Anchor, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../lib/restClient';
import { requestEmailVerification } from './authApi';
import { FormError } from './FormError';

type ResendState = { status: 'idle' } | { status: 'sending' } | { status: 'sent'; message: string };

/**
 * What sign-up shows after 'Create account': the same words whether the address is new or already has
 * an account, since the answer must not tell them apart. The email says which it was.
 */
export function CheckEmailPanel({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const [resend, setResend] = useState<ResendState>({ status: 'idle' });
  const [error, setError] = useState<string | null>(null);

  const sendAgain = async () => {
    setError(null);
    setResend({ status: 'sending' });
    try {
      const reply = await requestEmailVerification(email);
      setResend({ status: 'sent', message: reply.message });
    } catch (failure) {
      setResend({ status: 'idle' });
      setError(describeError(failure));
    }
  };

  return (
    <Stack gap="md" data-testid="check-email">
      <ThemeIcon size={48} radius="xl" variant="light">
        <IconMailCheck size={26} />
      </ThemeIcon>
      <Text>
        We sent a message to <strong>{email}</strong>. Open the link in it to finish signing up; it works for{' '}
        {EMAIL_VERIFICATION_HOURS} hours.
      </Text>
      <Text size="sm" c="dimmed">
        If this address already has an account, the message tells you how to sign in instead.
      </Text>
      <Text size="sm" c="dimmed">
        No email after a few minutes? Check your spam folder, or send the link again.
      </Text>
      {resend.status === 'sent' ? (
        <Alert color="blue" variant="light" data-testid="link-requested">
          {resend.message}
        </Alert>
      ) : null}
      <FormError message={error} />
      <Button
        variant="light"
        fullWidth
        size="md"
        loading={resend.status === 'sending'}
        disabled={resend.status === 'sent'}
        onClick={() => void sendAgain()}
      >
        Send the link again
      </Button>
      <Group justify="space-between">
        <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
          Use another email
        </Anchor>
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      </Group>
    </Stack>
  );
}
