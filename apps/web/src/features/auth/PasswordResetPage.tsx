import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetRequestSchema } from '@keel/domain';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { describeError } from '../../lib/restClient';
import { AuthLayout } from './AuthLayout';
import { requestPasswordReset } from './authApi';
import { FormError } from './FormError';
import type { PasswordLinkSentState } from './PasswordLinkSentPage';

type ResetForm = z.input<typeof passwordResetRequestSchema>;

/** /password/reset: asks for a reset link by email, then shows the confirmation (spec §2). */
export function PasswordResetPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ResetForm>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });

  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await requestPasswordReset(email);
      const state: PasswordLinkSentState = { email };
      navigate('/password/link/sent', { state });
    } catch (failure) {
      setError(describeError(failure));
    }
  });

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email you sign in with and we will send you a link to choose a new password."
      footer={
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <FormError message={error} />
          <Button type="submit" fullWidth size="md" loading={form.formState.isSubmitting}>
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
