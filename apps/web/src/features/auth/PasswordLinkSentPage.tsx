import { Button, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { AuthLayout } from './AuthLayout';

export type PasswordLinkSentState = { email?: string };

/** /password/link/sent: the 'Password Reset Link Sent' confirmation (spec §2). */
export function PasswordLinkSentPage() {
  const email = (useLocation().state as PasswordLinkSentState | null)?.email;
  return (
    <AuthLayout title="Password Reset Link Sent">
      <ThemeIcon size={48} radius="xl" variant="light">
        <IconMailCheck size={26} />
      </ThemeIcon>
      <Text>
        If an account exists for {email ? <strong>{email}</strong> : 'that email'}, we have sent a link to
        reset its password. The link expires soon, so use it today.
      </Text>
      <Text size="sm" c="dimmed">
        No email after a few minutes? Check your spam folder or request another link.
      </Text>
      <Button component={Link} to="/login" variant="light" fullWidth size="md">
        Back to sign in
      </Button>
      <Button component={Link} to="/password/reset" variant="subtle" fullWidth>
        Request another link
      </Button>
    </AuthLayout>
  );
}
