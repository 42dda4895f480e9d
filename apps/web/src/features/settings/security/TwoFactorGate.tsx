import { useApolloClient } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { TWO_FACTOR_MESSAGES } from '@keel/domain';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { describeSecurityError } from './securityErrors';
import { TWO_FACTOR_QUERY, type TwoFactorSetup } from './securityQueries';

const gateFormSchema = z.object({ password: z.string().min(1, TWO_FACTOR_MESSAGES.passwordRequired) });
type GateForm = z.infer<typeof gateFormSchema>;

type TwoFactorGateProps = {
  /** Why the password is asked again (the 15 minutes ran out), shown above the field. */
  notice?: string | null;
  description: string;
  submitLabel: string;
  onOpened: (setup: TwoFactorSetup) => void;
};

/**
 * The password re-entry in front of the two-factor settings (spec §2, §7 TwoFactor(password)): a right
 * password opens them for 15 minutes and, with no method on, brings a new authenticator secret. A wrong
 * one shows the server's message under the field.
 */
export function TwoFactorGate({ notice, description, submitLabel, onOpened }: TwoFactorGateProps) {
  const client = useApolloClient();
  const form = useForm<GateForm>({ resolver: zodResolver(gateFormSchema), defaultValues: { password: '' } });

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const { data } = await client.query({
        query: TWO_FACTOR_QUERY,
        variables: { password },
        fetchPolicy: 'no-cache',
      });
      if (!data) throw new Error('TwoFactor returned no data');
      onOpened(data.twoFactor);
    } catch (error) {
      form.setError('password', { message: describeSecurityError(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Confirm your password">
      <Stack gap="sm" maw={420}>
        {notice && (
          <Alert color="yellow" variant="light" icon={<IconLock size={18} />} role="status">
            {notice}
          </Alert>
        )}
        <Text size="sm">{description}</Text>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...form.register('password')}
          error={form.formState.errors.password?.message}
        />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
