import { Button, Code, CopyButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { OtpCodeForm } from './OtpCodeForm';
import type { TwoFactorSetup } from './securityQueries';
import { TwoFactorGate } from './TwoFactorGate';
import { type ChangeFactor, factorErrorFor } from './useFactorChange';

type AppMethodSetupProps = {
  setup: TwoFactorSetup;
  changeFactor: ChangeFactor;
  /** A fresh setup, after the password was entered again for a new secret. */
  onSetup: (setup: TwoFactorSetup) => void;
  onEnabled: () => void;
  onCancel: () => void;
};

/** Base32 in groups of 4, easier to read and type ('JBSW Y3DP EHPK 3PXP'); apps ignore the spaces. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Adding the authenticator app (spec §4): the QR code and the secret (with a copy button) of the
 * pending secret TwoFactor(password) made, then a code from the app proves it and turns the method on.
 * A secret is used once: without one (a method was on when the section opened, or this one was just
 * used), the password is asked again for a new one.
 */
export function AppMethodSetup({ setup, changeFactor, onSetup, onEnabled, onCancel }: AppMethodSetupProps) {
  const secret = setup.otpSecret;
  if (!secret) {
    return (
      <TwoFactorGate
        description="Re-enter your password to get a new key for your authenticator app."
        submitLabel="Continue"
        onOpened={onSetup}
      />
    );
  }

  const verify = async (code: string): Promise<string | null> => {
    const outcome = await changeFactor({ otpAttempt: code });
    if (outcome.kind === 'failed') return outcome.message;
    if (outcome.kind === 'expired') return null;
    if (outcome.result.errors.length > 0) return factorErrorFor(outcome.result, 'otpAttempt');
    onEnabled();
    return null;
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        1. Scan this QR code with an authenticator app such as Google Authenticator, 1Password or Authy.
      </Text>
      <Group align="center" gap="lg" wrap="wrap">
        {setup.otpProvisioningQrcode && (
          <Image
            src={setup.otpProvisioningQrcode}
            alt="QR code for your authenticator app"
            w={180}
            h={180}
            fit="contain"
            radius="sm"
            style={{ border: '1px solid var(--mantine-color-gray-3)' }}
          />
        )}
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            Can’t scan it? Enter this key in the app instead:
          </Text>
          <Group gap="xs" wrap="wrap">
            <Code data-testid="otp-secret" fz="sm" style={{ wordBreak: 'break-all' }}>
              {groupSecret(secret)}
            </Code>
            <CopyButton value={secret} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                  aria-live="polite"
                >
                  {copied ? 'Copied to clipboard' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Group>
      <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
      <OtpCodeForm onVerify={verify} onCancel={onCancel} />
    </Stack>
  );
}
