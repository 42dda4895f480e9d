import { PasswordInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A form field as react-hook-form registers it, with its error message. */
type RegisteredField = UseFormRegisterReturn & { error?: string };

/**
 * The new password and its confirmation, asked the same way wherever a password is chosen again (the
 * reset link's page and the security settings).
 */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: RegisteredField;
  confirmation: RegisteredField;
}) {
  return (
    <>
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        description="8 to 128 characters"
        {...password}
      />
      <PasswordInput label="Confirm new password" autoComplete="new-password" {...confirmation} />
    </>
  );
}
