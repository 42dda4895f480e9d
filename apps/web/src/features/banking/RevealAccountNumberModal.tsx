import { useApolloClient } from '@apollo/client/react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { REVEAL_ACCOUNT_NUMBER_MUTATION, type RevealedAccountNumber } from './accountNumberQueries';
import { readServerRefusal } from './serverRefusal';

/** The longest password the prompt sends (the server's bound on the argument). */
const PASSWORD_MAX = 1024;

/**
 * The password prompt before an account's full number shows: the viewer types their
 * password again; the server checks it under the sign-in rate limits and answers the numbers, or names
 * what was wrong ('Invalid password' under the field; 'Too many attempts' above the buttons). The
 * password is cleared whatever the answer, and the numbers are handed to `onRevealed`, never cached.
 */
export function RevealAccountNumberModal({
  account,
  onClose,
  onRevealed,
}: {
  /** The account to reveal, or null when the prompt is closed. */
  account: { id: string; name: string; accountNumber: string } | null;
  onClose: () => void;
  onRevealed: (numbers: RevealedAccountNumber) => void;
}) {
  const client = useApolloClient();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setFieldError(null);
    setFormError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!account || busy) return;
    if (password === '') {
      setFieldError('Password is required');
      return;
    }
    setBusy(true);
    setFieldError(null);
    setFormError(null);
    try {
      const { data } = await client.mutate({
        mutation: REVEAL_ACCOUNT_NUMBER_MUTATION,
        variables: { accountId: account.id, password },
        fetchPolicy: 'no-cache',
      });
      if (!data) throw new Error('No account number');
      onRevealed(data.revealAccountNumber);
      close();
    } catch (error) {
      const refusal = readServerRefusal(error, (field) => (field === 'password' ? 'password' : null));
      if (refusal.field) setFieldError(refusal.message);
      else setFormError(refusal.message);
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={account !== null} onClose={close} title="Show the full account number" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Enter your password to see the full account and routing numbers of {account?.name}{' '}
            {account?.accountNumber}. They hide again after a minute.
          </Text>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            data-autofocus
            value={password}
            maxLength={PASSWORD_MAX}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
          />
          {formError ? (
            <Text size="sm" c="red" role="alert">
              {formError}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Show numbers
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
