import { REAUTHENTICATION_MINUTES, TWO_FACTOR_MESSAGES } from '@keel/domain';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { lastDigits } from '../../../lib/format';
import type { SecurityMe, TwoFactorSetup } from './securityQueries';
import { TwoFactorGate } from './TwoFactorGate';
import { enabledMethodOf, TwoFactorMethods } from './TwoFactorMethods';

/** Locked behind the password (with why, when it locked again), or open since `openedAt`. */
type GateState =
  | { status: 'locked'; notice: string | null }
  | { status: 'open'; setup: TwoFactorSetup; openedAt: number };

const OPEN_FOR_MS = REAUTHENTICATION_MINUTES * 60_000;

function describeStatus(me: SecurityMe): string {
  const method = enabledMethodOf(me);
  if (method === 'app') return 'Signing in asks for a code from your authenticator app.';
  if (method === 'sms')
    return `Signing in asks for a code sent by text message to the phone ending in ${lastDigits(me.otpPhoneNumber)}.`;
  return 'Signing in asks for your password only. Add a second step to keep your account safe.';
}

/**
 * The two-factor section (spec §2, §4), gated by re-entering the password: open for 15 minutes, after
 * which the server refuses changes (FORBIDDEN) and the password is asked again, with a message. The
 * page also locks by itself when the 15 minutes are over, so a stale setup is never shown.
 */
export function TwoFactorSection({ me }: { me: SecurityMe }) {
  const [gate, setGate] = useState<GateState>({ status: 'locked', notice: null });
  const on = enabledMethodOf(me) !== null;

  const lock = useCallback(
    () => setGate({ status: 'locked', notice: TWO_FACTOR_MESSAGES.reauthenticate }),
    [],
  );
  const open = useCallback(
    (setup: TwoFactorSetup) => setGate({ status: 'open', setup, openedAt: Date.now() }),
    [],
  );
  const forgetSecret = useCallback(
    () =>
      setGate((current) =>
        current.status === 'open'
          ? { ...current, setup: { ...current.setup, otpSecret: null, otpProvisioningQrcode: null } }
          : current,
      ),
    [],
  );

  const openedAt = gate.status === 'open' ? gate.openedAt : null;
  useEffect(() => {
    if (openedAt === null) return;
    const timer = window.setTimeout(lock, Math.max(0, openedAt + OPEN_FOR_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [openedAt, lock]);

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Title order={3} size="h4">
          Two-factor authentication
        </Title>
        <Badge variant="light" color={on ? 'teal' : 'gray'}>
          {on ? 'On' : 'Off'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {describeStatus(me)}
      </Text>
      {gate.status === 'locked' ? (
        <TwoFactorGate
          notice={gate.notice}
          description="Re-enter your password to manage two-factor authentication."
          submitLabel="Continue"
          onOpened={open}
        />
      ) : (
        <TwoFactorMethods
          me={me}
          setup={gate.setup}
          onSetup={open}
          onSecretRetired={forgetSecret}
          onExpired={lock}
        />
      )}
    </Stack>
  );
}
