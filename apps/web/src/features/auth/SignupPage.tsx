import { zodResolver } from '@hookform/resolvers/zod';
import { PRODUCT_NAME, signupFormSchema } from '@keel/domain';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { setAccessToken, useAccessToken } from '../../lib/authToken';
import { ApiError, describeError } from '../../lib/restClient';
import { AuthLayout } from './AuthLayout';
import { awaitingApprovalMessage } from './acceptInvitationText';
import { createUser } from './authApi';
import { formatSignupErrors } from './authErrors';
import { CheckEmailPanel } from './CheckEmailPanel';
import { FormError } from './FormError';
import { readReturnPath, withReturnPath } from './returnPath';

type SignupFormInput = z.input<typeof signupFormSchema>;
type SignupFormOutput = z.output<typeof signupFormSchema>;

/** Where a new account starts: linking its bank accounts (spec §2). */
const AFTER_SIGN_UP = '/accounts/linked';

// Only someone already signed in who follows an invitation needs the GraphQL client: its own chunk.
const AcceptInvitation = lazy(() =>
  import('./AcceptInvitation').then((m) => ({ default: m.AcceptInvitation })),
);

/**
 * /signup (spec §2, §5): an optional invite_token joins the inviter's entity and signs in at once.
 * Without one, the page says to check the email, whether or not the address has an account; the
 * emailed link finishes the sign-up (EmailVerificationPage) and signs in.
 */
export function SignupPage() {
  const [params] = useSearchParams();
  const inviteToken = params.get('invite_token');
  // A page that sent the visitor here to sign up (/signup?next=/apply): signing in instead returns there.
  const returnPath = inviteToken ? null : readReturnPath(params);
  const navigate = useNavigate();
  const signedIn = useAccessToken() !== null;
  const [serverError, setServerError] = useState<string | null>(null);
  /** Signed up with an invitation an admin sent: it waits for another owner's or admin's approval. */
  const [awaitingApproval, setAwaitingApproval] = useState(false);
  /** Signed up without an invitation: the address the confirmation (or sign-in) email went to. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const reply = await createUser({
        email: values.email,
        password: values.password,
        name: `${values.firstName} ${values.lastName}`,
        inviteToken,
      });
      if (reply.auth?.access_token && reply.invitation?.status === 'awaiting_approval') {
        setAwaitingApproval(true);
        setAccessToken(reply.auth.access_token);
      } else if (reply.auth?.access_token) {
        setAccessToken(reply.auth.access_token);
        navigate(AFTER_SIGN_UP, { replace: true });
      } else {
        setSentTo(reply.user?.email ?? values.email);
      }
    } catch (failure) {
      const fieldErrors = failure instanceof ApiError ? formatSignupErrors(failure.body) : null;
      setServerError(fieldErrors ?? describeError(failure));
    }
  });

  if (awaitingApproval) {
    return (
      <AuthLayout title="Account created">
        <Stack gap="md">
          <Alert color="blue" title="Waiting for approval" data-testid="invitation-awaiting">
            {awaitingApprovalMessage(null)}
          </Alert>
          <Button component={Link} to={AFTER_SIGN_UP} replace size="md">
            Continue
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (sentTo) {
    return (
      <AuthLayout title="Check your email">
        <CheckEmailPanel email={sentTo} onChangeEmail={() => setSentTo(null)} />
      </AuthLayout>
    );
  }

  if (signedIn && inviteToken) {
    return (
      <AuthLayout title="Join your team" subtitle="You were invited to join a team.">
        <Suspense fallback={null}>
          <AcceptInvitation inviteToken={inviteToken} />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        inviteToken
          ? 'You were invited to join a team. Create your account to accept.'
          : `Start using ${PRODUCT_NAME} in minutes.`
      }
      footer={
        <>
          Already have an account?{' '}
          <Anchor
            component={Link}
            to={
              inviteToken
                ? `/login?invite_token=${encodeURIComponent(inviteToken)}`
                : withReturnPath('/login', returnPath)
            }
            size="sm"
            fw={600}
          >
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start" gap="sm">
            <TextInput
              label="First name"
              autoComplete="given-name"
              {...form.register('firstName')}
              error={errors.firstName?.message}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              {...form.register('lastName')}
              error={errors.lastName?.message}
            />
          </Group>
          <TextInput
            label="Work email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...form.register('email')}
            error={errors.email?.message}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters"
            {...form.register('password')}
            error={errors.password?.message}
          />
          <Checkbox
            {...form.register('terms')}
            error={errors.terms?.message}
            label={
              <Text size="sm" span>
                I agree to the{' '}
                <Anchor component={Link} to="/legal" size="sm" target="_blank">
                  terms of service and privacy policy
                </Anchor>
              </Text>
            }
          />
          <FormError message={serverError} />
          {inviteToken && serverError?.startsWith('invitation ') && (
            <Anchor component={Link} to="/signup" size="sm" onClick={() => setServerError(null)}>
              Sign up without the invitation
            </Anchor>
          )}
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            Create account
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
