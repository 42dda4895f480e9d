import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginForm, loginFormSchema, PRODUCT_NAME } from '@keel/domain';
import { Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { setAccessToken, useAccessToken } from '../../lib/authToken';
import { ApiError, describeError } from '../../lib/restClient';
import { useStaysTrue } from '../../lib/useStaysTrue';
import { AuthLayout } from './AuthLayout';
import {
  fetchAuthProviders,
  googleSignIn,
  googleSignUp,
  type SignInReply,
  signInWithPassword,
} from './authApi';
import { FormError } from './FormError';
import { GoogleSignInButton } from './GoogleSignInButton';
import { readReturnPath, withReturnPath } from './returnPath';
import { type OtpChallenge, readSignInReply, type SignInProof } from './signIn';
import { TwoFactorStep } from './TwoFactorStep';

// Shown only when Google finds no account: its code (Mantine's Modal) loads then, not with the form.
const UserNotFoundDialog = lazy(() =>
  import('./UserNotFoundDialog').then((m) => ({ default: m.UserNotFoundDialog })),
);

const AFTER_SIGN_IN = '/financial';
/** A Google sign-up is a new account: it lands where signup does (spec §2). */
const AFTER_SIGN_UP = '/accounts/linked';

/**
 * Where signing in leads: the reports, or, for someone who came to sign in from an invitation
 * (/login?invite_token=), back to the invitation to accept it with this account, or from a page that
 * asked them to sign in (/login?next=/apply), back to it.
 */
function useAfterSignIn(): string {
  const [params] = useSearchParams();
  const inviteToken = params.get('invite_token');
  if (inviteToken) return `/signup?invite_token=${encodeURIComponent(inviteToken)}`;
  return readReturnPath(params) ?? AFTER_SIGN_IN;
}

/** What a failed sign-in shows (spec §8): 'Invalid login' for a 401, the problem detail for a 429. */
export function describeSignInFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return 'Invalid login';
  return describeError(error);
}

/** / and /login: password or Google sign-in, then the code step when two-factor is on (spec §2). */
export function LoginPage() {
  const token = useAccessToken();
  const afterSignIn = useAfterSignIn();
  const returnPath = readReturnPath(useSearchParams()[0]);
  const [destination, setDestination] = useState(afterSignIn);
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState<{ email: string; credential: string } | null>(null);
  const notFoundShown = useStaysTrue(notFound !== null);
  const [creatingAccount, setCreatingAccount] = useState(false);
  const googleClientId = useGoogleClientId();

  if (token) return <Navigate to={destination} replace />;

  const finish = (reply: SignInReply, proof: SignInProof, target: string) => {
    const outcome = readSignInReply(reply, proof);
    if (outcome.kind === 'otp') {
      setChallenge(outcome.challenge);
      return;
    }
    setDestination(target);
    setAccessToken(outcome.accessToken);
  };

  const signInWithGoogle = async (credential: string) => {
    setError(null);
    try {
      const reply = await googleSignIn(credential);
      finish(reply, { kind: 'google', credential, gCsrfToken: reply.gCsrfToken }, afterSignIn);
    } catch (failure) {
      const email = userNotFoundEmail(failure);
      if (email !== null) setNotFound({ email, credential });
      else setError(describeSignInFailure(failure));
    }
  };

  const signUpWithGoogle = async () => {
    if (!notFound) return;
    setCreatingAccount(true);
    try {
      const reply = await googleSignUp(notFound.credential);
      setNotFound(null);
      finish(
        reply,
        { kind: 'google', credential: notFound.credential, gCsrfToken: reply.gCsrfToken },
        // From an invitation: back to it, to accept it with the new account.
        afterSignIn === AFTER_SIGN_IN ? AFTER_SIGN_UP : afterSignIn,
      );
    } catch (failure) {
      setNotFound(null);
      setError(describeSignInFailure(failure));
    } finally {
      setCreatingAccount(false);
    }
  };

  if (challenge) {
    return (
      <AuthLayout title="Two-factor authentication" subtitle={`Signing in as ${challenge.email}`}>
        <TwoFactorStep
          challenge={challenge}
          onVerified={(reply) => finish(reply, challenge.proof, afterSignIn)}
          onBack={() => setChallenge(null)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in"
      subtitle={`Welcome back to ${PRODUCT_NAME}.`}
      footer={
        <>
          New to {PRODUCT_NAME}?{' '}
          <Anchor component={Link} to={withReturnPath('/signup', returnPath)} size="sm" fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <PasswordSignInForm
        error={error}
        onSubmit={async ({ email, password }) => {
          setError(null);
          try {
            const reply = await signInWithPassword(email, password);
            finish(reply, { kind: 'password', password }, afterSignIn);
          } catch (failure) {
            setError(describeSignInFailure(failure));
          }
        }}
      />
      {googleClientId && (
        <>
          <Divider label="or" labelPosition="center" />
          <GoogleSignInButton
            clientId={googleClientId}
            onCredential={(credential) => void signInWithGoogle(credential)}
          />
        </>
      )}
      {notFoundShown ? (
        <Suspense fallback={null}>
          <UserNotFoundDialog
            email={notFound?.email ?? null}
            creating={creatingAccount}
            onCreate={() => void signUpWithGoogle()}
            onClose={() => setNotFound(null)}
          />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}

function PasswordSignInForm({
  error,
  onSubmit,
}: {
  error: string | null;
  onSubmit: (form: LoginForm) => Promise<void>;
}) {
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          {...form.register('email')}
          error={errors.email?.message}
        />
        <Stack gap={6}>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.register('password')}
            error={errors.password?.message}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/password/reset" size="xs">
              Forgot password?
            </Anchor>
          </Group>
        </Stack>
        <FormError message={error} />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

/** The email of a Google sign-in refused with 404 'User not found.', or null for any other failure. */
function userNotFoundEmail(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 404) return null;
  const body = error.body as { email?: unknown } | null;
  return typeof body?.email === 'string' ? body.email : '';
}

/** Google's button shows only when the server has a Google client id configured. */
function useGoogleClientId(): string | null {
  const [clientId, setClientId] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetchAuthProviders()
      .then((providers) => {
        if (!cancelled) setClientId(providers.google_client_id);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return clientId;
}
