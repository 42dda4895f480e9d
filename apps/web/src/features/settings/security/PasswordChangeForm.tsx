import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type PasswordChangeForm as PasswordChangeValues, passwordChangeFormSchema } from '@keel/domain';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { LOGOUT_AFTER_PASSWORD_CHANGE_MS } from '../../../lib/timers';
import { FormError } from '../../auth/FormError';
import type { LogoutState } from '../../auth/LogoutPage';
import { NewPasswordFields } from '../../auth/NewPasswordFields';
import { UPDATE_USER_PASSWORD_MUTATION } from './securityQueries';

/** The form always sends the confirmation; the schema allows it to be absent for other API callers. */
type FormValues = z.input<typeof passwordChangeFormSchema>;

/**
 * The password change (spec §5): the current password, a new one of 8 to 128 characters and its
 * confirmation, each field's error shown once it was touched. The first error the server returns shows
 * under the form. Once changed, the user's other sessions are already signed out; this one signs out
 * after 2 s and lands on / (spec §4, §9).
 */
export function PasswordChangeForm() {
  const navigate = useNavigate();
  const [updatePassword] = useMutation(UPDATE_USER_PASSWORD_MUTATION);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const form = useForm<FormValues, unknown, PasswordChangeValues>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', passwordConfirmation: '' },
    mode: 'onTouched',
  });

  // A new password typed after the confirmation re-checks the confirmation, once that was touched.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name === 'newPassword' && form.getFieldState('passwordConfirmation').isTouched) {
        void form.trigger('passwordConfirmation');
      }
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const { data } = await updatePassword({
        variables: {
          currentPassword: values.currentPassword,
          newPassword: values.newPassword,
          passwordConfirmation: values.passwordConfirmation ?? values.newPassword,
        },
      });
      const first = data?.updateUserPassword.errors[0];
      if (!data || first) {
        setError(first ?? 'Something went wrong');
        return;
      }
      setChanged(true);
      notifications.show({ message: 'Changing password, then logging out' });
      notifications.show({ color: 'green', message: 'Password changed. Please log in again' });
      // Not cleared when the page unmounts: the session ends even if the user leaves the page meanwhile.
      const state: LogoutState = { next: '/' };
      window.setTimeout(() => navigate('/logout', { replace: true, state }), LOGOUT_AFTER_PASSWORD_CHANGE_MS);
    } catch {
      setError('Something went wrong');
    }
  });

  const { errors } = form.formState;
  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <NewPasswordFields
          password={{ ...form.register('newPassword'), error: errors.newPassword?.message }}
          confirmation={{
            ...form.register('passwordConfirmation'),
            error: errors.passwordConfirmation?.message,
          }}
        />
        <FormError message={error} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={changed}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
