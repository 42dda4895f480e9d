import { zodResolver } from '@hookform/resolvers/zod';
import { usPhoneNumberSchema } from '@keel/domain';
import { Anchor, Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SMS_RESEND_COOLDOWN_MS } from '../../../lib/timers';
import { OtpCodeForm } from './OtpCodeForm';
import { useCooldown } from './useCooldown';
import { type ChangeFactor, factorErrorFor } from './useFactorChange';

const phoneFormSchema = z.object({ phoneNumber: usPhoneNumberSchema });
type PhoneFormInput = z.input<typeof phoneFormSchema>;
type PhoneFormOutput = z.output<typeof phoneFormSchema>;

type SmsMethodSetupProps = {
  changeFactor: ChangeFactor;
  onEnabled: () => void;
  onCancel: () => void;
};

/**
 * Adding SMS (spec §4, §9): a US mobile number, 'Send code' texts a 6-digit code to it, the code turns
 * the method on. Another code can be asked for 30 s after the last; the button counts the seconds down.
 */
export function SmsMethodSetup({ changeFactor, onEnabled, onCancel }: SmsMethodSetupProps) {
  /** The number (E.164) the last code went to; the code proves that number. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [cooldownEndsAt, setCooldownEndsAt] = useState<number | null>(null);
  const secondsLeft = useCooldown(cooldownEndsAt);
  const form = useForm<PhoneFormInput, unknown, PhoneFormOutput>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { phoneNumber: '' },
  });

  const startCooldown = (seconds: number) => setCooldownEndsAt(Date.now() + seconds * 1000);

  const send = form.handleSubmit(async ({ phoneNumber }) => {
    const outcome = await changeFactor({ phoneNumber });
    if (outcome.kind === 'expired') return;
    if (outcome.kind === 'failed') {
      form.setError('phoneNumber', { message: outcome.message });
      return;
    }
    const { result } = outcome;
    if (result.codeSent) {
      setSentTo(phoneNumber);
      startCooldown(result.retryAfterSeconds ?? SMS_RESEND_COOLDOWN_MS / 1000);
      return;
    }
    form.setError('phoneNumber', { message: factorErrorFor(result, 'phoneNumber') ?? 'Failed to send OTP' });
    // A resend asked for too early: count down what is left (an hourly limit is only said).
    const wait = result.retryAfterSeconds;
    if (wait !== null && wait * 1000 <= SMS_RESEND_COOLDOWN_MS) startCooldown(wait);
  });

  const verify = async (code: string): Promise<string | null> => {
    if (!sentTo) return null;
    const outcome = await changeFactor({ phoneNumber: sentTo, otpAttempt: code });
    if (outcome.kind === 'failed') return outcome.message;
    if (outcome.kind === 'expired') return null;
    if (outcome.result.errors.length > 0) return factorErrorFor(outcome.result, 'otpAttempt');
    onEnabled();
    return null;
  };

  const sendLabel = sentTo ? 'Resend code' : 'Send code';
  return (
    <Stack gap="md">
      <form onSubmit={send} noValidate aria-label="Send code">
        <TextInput
          label="Mobile phone number"
          description="A US number that can receive text messages"
          placeholder="(415) 555-0134"
          type="tel"
          autoComplete="tel-national"
          readOnly={sentTo !== null}
          variant={sentTo ? 'filled' : 'default'}
          inputContainer={(input) => (
            <Group gap="sm" wrap="wrap">
              <Box w={240}>{input}</Box>
              <Button
                type="submit"
                variant={sentTo ? 'default' : 'filled'}
                loading={form.formState.isSubmitting}
                disabled={secondsLeft > 0}
              >
                {secondsLeft > 0 ? `${sendLabel} in ${secondsLeft}s` : sendLabel}
              </Button>
              {sentTo ? (
                <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
                  Use another number
                </Anchor>
              ) : (
                <Button variant="subtle" color="gray" onClick={onCancel}>
                  Cancel
                </Button>
              )}
            </Group>
          )}
          {...form.register('phoneNumber')}
          error={form.formState.errors.phoneNumber?.message}
        />
      </form>
      {sentTo && (
        <>
          <Text size="sm">Enter the 6-digit code we texted to the phone ending in {sentTo.slice(-4)}.</Text>
          <OtpCodeForm onVerify={verify} onCancel={onCancel} />
        </>
      )}
    </Stack>
  );
}
