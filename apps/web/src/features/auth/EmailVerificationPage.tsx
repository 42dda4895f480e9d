import { zodResolver } from '@hookform/resolvers/zod';
import { type EmailVerificationForm, emailVerificationFormSchema, PRODUCT_NAME } from '@keel/domain';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { setAccessToken } from '../../lib/authToken';
import { ApiError, describeError } from '../../lib/restClient';
import { AuthLayout } from './AuthLayout';
import { confirmEmail, requestEmailVerification, type SignInReply } from './authApi';
import { formatPasswordUpdateErrors } from './authErrors';
import { FormError } from './FormError';
import { type OtpChallenge, readSignInReply, type SignInProof } from './signIn';
import { TwoFactorStep } from './TwoFactorStep';

/** Where a confirmed new account starts, as after sign-up: linking its bank accounts (spec §2). */
const AFTER_CONFIRMING = '/accounts/linked';

const EMAIL_CONFIRMED = `Email confirmed. Welcome to ${PRODUCT_NAME}.`;
export const WRONG_PASSWORD = 'That is not the password this account was created with.';

/**
 * /email/verify?email=&token=: the page of the emailed confirmation link. The password chosen at
 * sign-up goes with the link (so someone who did not sign up cannot confirm an account a stranger made
 * with their address); the address is then confirmed, the user signed in, and the app opens.
 */
export function EmailVerificationPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EmailVerificationForm>({
    resolver: zodResolver(emailVerificationFormSchema),
    defaultValues: { password: '' },
  });

  const finish = (reply: SignInReply, proof: SignInProof) => {
    const outcome = readSignInReply(reply, proof);
    if (outcome.kind === 'otp') {
      setChallenge(outcome.challenge);
      return;
    }
    notifications.show({ color: 'green', message: EMAIL_CONFIRMED });
    setAccessToken(outcome.accessToken);
    navigate(AFTER_CONFIRMING, { replace: true });
  };

  const submit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      finish(await confirmEmail({ email, token, password }), { kind: 'password', password });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        setLinkProblem(formatPasswordUpdateErrors(failure.body) ?? failure.detail);
      } else if (failure instanceof ApiError && failure.status === 401) {
        setError(WRONG_PASSWORD);
      } else {
        setError(describeError(failure));
      }
    }
  });

  if (!email || !token) {
    return (
      <AuthLayout title="Confirm your email">
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
          This confirmation link is incomplete. Open the link from the email again.
        </Alert>
        <Button component={Link} to="/login" variant="light" fullWidth size="md">
          Back to sign in
        </Button>
      </AuthLayout>
    );
  }

  if (challenge) {
    return (
      <AuthLayout title="Two-factor authentication" subtitle={`Signing in as ${challenge.email}`}>
        <TwoFactorStep
          challenge={challenge}
          onVerified={(reply) => finish(reply, challenge.proof)}
          onBack={() => navigate('/login', { replace: true })}
        />
      </AuthLayout>
    );
  }

  if (linkProblem) {
    return (
      <AuthLayout title="Confirm your email" subtitle={`For ${email}`}>
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} data-testid="link-problem">
          {linkProblem}. Ask for a new link below, or sign in if you confirmed the address already.
        </Alert>
        <RequestNewLink email={email} />
        <Button component={Link} to="/login" variant="subtle" fullWidth>
          Back to sign in
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Confirm your email"
      subtitle={`Enter the password you chose when you signed up, to finish creating your ${PRODUCT_NAME} account.`}
      footer={
        <>
          Forgot it, or did not sign up?{' '}
          <Anchor component={Link} to="/password/reset" size="sm" fw={600}>
            Choose a new password
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="username" value={email} readOnly />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            data-autofocus
            autoFocus
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <FormError message={error} />
          <Button type="submit" fullWidth size="md" loading={form.formState.isSubmitting}>
            Confirm email
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** 'Send a new link' for an expired or used one: answered alike for every address. */
function RequestNewLink({ email }: { email: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const request = async () => {
    setBusy(true);
    setError(null);
    try {
      setSent((await requestEmailVerification(email)).message);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Text size="sm" data-testid="link-requested">
        {sent}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <FormError message={error} />
      <Button fullWidth size="md" loading={busy} onClick={() => void request()}>
        Send a new link
      </Button>
    </Stack>
  );
}
