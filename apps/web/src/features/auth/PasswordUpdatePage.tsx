import { zodResolver } from '@hookform/resolvers/zod';
import { type PasswordUpdateForm, passwordUpdateFormSchema } from '@keel/domain';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, describeError } from '../../lib/restClient';
import { LOGOUT_AFTER_PASSWORD_CHANGE_MS } from '../../lib/timers';
import { AuthLayout } from './AuthLayout';
import { updatePassword } from './authApi';
import { formatPasswordUpdateErrors } from './authErrors';
import { FormError } from './FormError';
import type { LogoutState } from './LogoutPage';
import { NewPasswordFields } from './NewPasswordFields';

/**
 * /password/update?email=&token= (spec §2, §4): sets a new password, then signs out after 2 s and goes
 * to the start page.
 */
export function PasswordUpdatePage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const logoutTimer = useRef<number | undefined>(undefined);
  const form = useForm<PasswordUpdateForm>({
    resolver: zodResolver(passwordUpdateFormSchema),
    defaultValues: { password: '', passwordConfirmation: '' },
    mode: 'onTouched',
  });

  useEffect(() => () => window.clearTimeout(logoutTimer.current), []);

  const submit = form.handleSubmit(async ({ password, passwordConfirmation }) => {
    setError(null);
    try {
      await updatePassword({ email, token, password, passwordConfirmation });
      setChanged(true);
      notifications.show({ message: 'Changing password, then logging out' });
      notifications.show({ color: 'green', message: 'Password changed. Please log in again' });
      const state: LogoutState = { next: '/' };
      logoutTimer.current = window.setTimeout(
        () => navigate('/logout', { replace: true, state }),
        LOGOUT_AFTER_PASSWORD_CHANGE_MS,
      );
    } catch (failure) {
      const lines = failure instanceof ApiError ? formatPasswordUpdateErrors(failure.body) : null;
      setError(lines ?? describeError(failure));
    }
  });

  if (!email || !token) {
    return (
      <AuthLayout title="Choose a new password">
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
          This reset link is incomplete. Open the link from the email again, or request a new one.
        </Alert>
        <Button component={Link} to="/password/reset" fullWidth size="md">
          Request a new link
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle={`For ${email}`}
      footer={
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields
            password={{ ...form.register('password'), error: form.formState.errors.password?.message }}
            confirmation={{
              ...form.register('passwordConfirmation'),
              error: form.formState.errors.passwordConfirmation?.message,
            }}
          />
          <FormError message={error} />
          <Button type="submit" fullWidth size="md" loading={form.formState.isSubmitting} disabled={changed}>
            Change password
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
