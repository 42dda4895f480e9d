import { zodResolver } from '@hookform/resolvers/zod';
import { OTP_LENGTH, otpCodeSchema, PRODUCT_NAME } from '@keel/domain';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { lastDigits } from '../../lib/format';
import { ApiError } from '../../lib/restClient';
import { SMS_RESEND_COOLDOWN_MS } from '../../lib/timers';
import { type SignInReply, sendOtpSms, verifyOtp, verifyOtpGoogle } from './authApi';
import { FormError } from './FormError';
import { OtpCodeInput } from './OtpCodeInput';
import type { OtpChallenge } from './signIn';

const codeFormSchema = z.object({ code: otpCodeSchema });
type CodeForm = z.input<typeof codeFormSchema>;

type SmsState =
  | { status: 'sending' }
  | { status: 'sent'; sentAt: number }
  | { status: 'failed' }
  | { status: 'unavailable'; notice: string };

/** The server's refusal of a feature it does not offer (its problem type, REST featureUnavailable.ts). */
const FEATURE_UNAVAILABLE_PROBLEM = 'feature_unavailable';

/** The server's words when it sends no text messages at all ('Text messages are not set up on this server'). */
function unavailableNoticeOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 501) return null;
  const type = (error.body as { type?: unknown } | null)?.type;
  return type === FEATURE_UNAVAILABLE_PROBLEM ? error.detail : null;
}

type TwoFactorStepProps = {
  challenge: OtpChallenge;
  onVerified: (reply: SignInReply) => void;
  onBack: () => void;
};

/** The verification-code step of sign-in (spec §2, §5: 6 digits; SMS or authenticator app). */
export function TwoFactorStep({ challenge, onVerified, onBack }: TwoFactorStepProps) {
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const form = useForm<CodeForm>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  const sms = useSmsCode(challenge);
  // No code can come: the server's words stand in the place of the code field.
  const noCode = challenge.method === 'sms' && sms.state.status === 'unavailable';

  const submit = form.handleSubmit(async ({ code }) => {
    setVerifyError(null);
    try {
      const reply =
        challenge.proof.kind === 'password'
          ? await verifyOtp({
              email: challenge.email,
              password: challenge.proof.password,
              code,
              csrfToken: challenge.csrfToken,
            })
          : await verifyOtpGoogle({
              code,
              credential: challenge.proof.credential,
              gCsrfToken: challenge.proof.gCsrfToken,
            });
      onVerified(reply);
    } catch {
      setVerifyError('Failed to verify code');
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {challenge.method === 'app' ? (
          <Text size="sm">Enter the {OTP_LENGTH}-digit code from your authenticator app.</Text>
        ) : (
          <SmsStatus state={sms.state} phoneNumber={challenge.phoneNumber} />
        )}
        {noCode ? null : (
          <>
            <OtpCodeInput
              data-autofocus
              autoFocus
              {...form.register('code')}
              error={form.formState.errors.code?.message}
            />
            <FormError message={verifyError} />
            <Button type="submit" fullWidth size="md" loading={form.formState.isSubmitting}>
              Verify
            </Button>
          </>
        )}
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Back to sign in
          </Anchor>
          {challenge.method === 'sms' && !noCode && <ResendLink state={sms.state} onResend={sms.send} />}
        </Group>
      </Stack>
    </form>
  );
}

/** Sends the SMS code once when the step opens, and again on request after the cooldown. */
function useSmsCode(challenge: OtpChallenge) {
  const [state, setState] = useState<SmsState>({ status: 'sending' });
  const send = useCallback(async () => {
    setState({ status: 'sending' });
    try {
      await sendOtpSms(challenge.email, challenge.csrfToken);
      setState({ status: 'sent', sentAt: Date.now() });
    } catch (error) {
      const notice = unavailableNoticeOf(error);
      setState(notice ? { status: 'unavailable', notice } : { status: 'failed' });
    }
  }, [challenge.email, challenge.csrfToken]);

  const sentOnce = useRef(false);
  useEffect(() => {
    if (challenge.method !== 'sms' || sentOnce.current) return;
    sentOnce.current = true;
    void send();
  }, [challenge.method, send]);

  return { state, send };
}

function SmsStatus({ state, phoneNumber }: { state: SmsState; phoneNumber: string | null }) {
  if (state.status === 'unavailable') {
    return (
      <Alert variant="light" color="orange" title={state.notice} data-testid="sms-unavailable">
        <Text size="sm">
          No sign-in code can be sent to your phone, so this account cannot finish signing in here. Ask
          whoever runs {PRODUCT_NAME} for your company.
        </Text>
      </Alert>
    );
  }
  if (state.status === 'failed') {
    return <FormError message="Failed to send OTP" />;
  }
  if (state.status === 'sending') return <Text size="sm">Sending a code to your phone…</Text>;
  return <Text size="sm">SMS sent to phone ending in {lastDigits(phoneNumber)}</Text>;
}

function ResendLink({ state, onResend }: { state: SmsState; onResend: () => void }) {
  const secondsLeft = useCooldown(state.status === 'sent' ? state.sentAt : null, SMS_RESEND_COOLDOWN_MS);
  if (state.status === 'sending') return null;
  if (secondsLeft > 0) {
    return (
      <Text size="sm" c="dimmed">
        Resend code in {secondsLeft}s
      </Text>
    );
  }
  return (
    <Anchor component="button" type="button" size="sm" onClick={onResend}>
      Resend code
    </Anchor>
  );
}

/** Whole seconds left of a cooldown that started at `startedAt`, ticking each second until it ends. */
function useCooldown(startedAt: number | null, durationMs: number): number {
  const endsAt = startedAt === null ? 0 : startedAt + durationMs;
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!endsAt) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= endsAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}
