import { useMutation } from '@apollo/client/react';
import { TWO_FACTOR_MESSAGES } from '@keel/domain';
import { Divider, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDeviceMobileMessage, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { lastDigits } from '../../../lib/format';
import { useFeatureOffNotice } from '../../../shell/serverFeatures';
import { AppMethodSetup } from './AppMethodSetup';
import { SmsMethodSetup } from './SmsMethodSetup';
import { describeSecurityError, isReauthenticationExpired } from './securityErrors';
import { DELETE_USER_FACTOR_MUTATION, type SecurityMe, type TwoFactorSetup } from './securityQueries';
import { TwoFactorMethodRow } from './TwoFactorMethodRow';
import { useFactorChange } from './useFactorChange';

type TwoFactorMethod = 'app' | 'sms';

/** The method sign-in asks a code of, or null when two-factor is off. */
export function enabledMethodOf(me: SecurityMe): TwoFactorMethod | null {
  if (!me.otpModuleEnabled) return null;
  return me.otpMethod === 'app' || me.otpMethod === 'sms' ? me.otpMethod : null;
}

type TwoFactorMethodsProps = {
  me: SecurityMe;
  setup: TwoFactorSetup;
  onSetup: (setup: TwoFactorSetup) => void;
  /**
   * A method was turned on or off, and the server dropped the pending authenticator secret with it: a
   * next app setup needs a new one.
   */
  onSecretRetired: () => void;
  /** The 15 minutes of the password re-entry are over (FORBIDDEN). */
  onExpired: () => void;
};

/**
 * The two methods once the password was re-entered (spec §4): disabled, or exactly one on. Adding one
 * opens its setup under it; removing asks first.
 */
export function TwoFactorMethods({ me, setup, onSetup, onSecretRetired, onExpired }: TwoFactorMethodsProps) {
  const enabled = enabledMethodOf(me);
  const [adding, setAdding] = useState<TwoFactorMethod | null>(null);
  const changeFactor = useFactorChange(onExpired);
  const [deleteFactor, { loading: removing }] = useMutation(DELETE_USER_FACTOR_MUTATION);
  const smsUnavailable = useFeatureOffNotice('sms');

  const blockedReason = (method: TwoFactorMethod) =>
    enabled !== null && enabled !== method ? TWO_FACTOR_MESSAGES.onlyOneMethod : null;

  const handleEnabled = () => {
    setAdding(null);
    onSecretRetired();
    notifications.show({ color: 'green', message: 'Two-factor authentication is on' });
  };

  const remove = async () => {
    try {
      await deleteFactor();
      onSecretRetired();
      notifications.show({ message: 'Two-factor authentication is off' });
    } catch (error) {
      if (isReauthenticationExpired(error)) return onExpired();
      notifications.show({
        color: 'red',
        title: 'Two-factor authentication not removed',
        message: describeSecurityError(error),
      });
    }
  };

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Remove two-factor authentication?',
      children: (
        <Text size="sm">
          Signing in will ask for your password only. You can add a method again at any time.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove(),
    });

  return (
    <div>
      <TwoFactorMethodRow
        name="Authenticator app"
        icon={<IconShieldLock size={20} />}
        description={
          enabled === 'app'
            ? 'Sign-in codes come from your authenticator app.'
            : 'Get a sign-in code from an app on your phone, even without signal.'
        }
        enabled={enabled === 'app'}
        recommended={enabled !== 'app'}
        blockedReason={blockedReason('app')}
        adding={adding === 'app'}
        removing={removing}
        onAdd={() => setAdding('app')}
        onRemove={confirmRemove}
      >
        <AppMethodSetup
          setup={setup}
          changeFactor={changeFactor}
          onSetup={onSetup}
          onEnabled={handleEnabled}
          onCancel={() => setAdding(null)}
        />
      </TwoFactorMethodRow>
      <Divider />
      <TwoFactorMethodRow
        name="Text message (SMS)"
        icon={<IconDeviceMobileMessage size={20} />}
        description={
          enabled === 'sms'
            ? `Sign-in codes go by text message to the phone ending in ${lastDigits(me.otpPhoneNumber)}.`
            : 'Get a sign-in code by text message to a US mobile number.'
        }
        enabled={enabled === 'sms'}
        recommended={false}
        blockedReason={blockedReason('sms')}
        unavailable={smsUnavailable}
        adding={adding === 'sms'}
        removing={removing}
        onAdd={() => setAdding('sms')}
        onRemove={confirmRemove}
      >
        <SmsMethodSetup
          changeFactor={changeFactor}
          onEnabled={handleEnabled}
          onCancel={() => setAdding(null)}
        />
      </TwoFactorMethodRow>
    </div>
  );
}
