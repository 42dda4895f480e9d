import { OTP_LENGTH } from '@keel/domain';
import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';

/**
 * The field of a one-time code (spec §5 'One-time code'): OTP_LENGTH digits, spaced out in a monospace
 * font, which the phone's keyboard offers to fill in from the message.
 */
export function OtpCodeInput(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <TextInput
      label="Verification code"
      placeholder="123456"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={OTP_LENGTH}
      styles={{
        input: { letterSpacing: '0.4em', fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 18 },
      }}
      {...props}
    />
  );
}
