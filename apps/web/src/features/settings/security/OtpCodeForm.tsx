import { zodResolver } from '@hookform/resolvers/zod';
import { otpCodeSchema } from '@keel/domain';
import { Box, Button, Group } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { OtpCodeInput } from '../../auth/OtpCodeInput';

const codeFormSchema = z.object({ code: otpCodeSchema });
type CodeForm = z.input<typeof codeFormSchema>;

type OtpCodeFormProps = {
  /** Sends the code; resolves to the server's refusal to show under the field, or null once accepted. */
  onVerify: (code: string) => Promise<string | null>;
  onCancel: () => void;
};

/** The 6-digit verification code that turns a two-factor method on (spec §5 'One-time code', §8). */
export function OtpCodeForm({ onVerify, onCancel }: OtpCodeFormProps) {
  const form = useForm<CodeForm>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });

  const submit = form.handleSubmit(async ({ code }) => {
    const refusal = await onVerify(code);
    if (refusal) form.setError('code', { message: refusal });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Verify code">
      <OtpCodeInput
        inputContainer={(input) => (
          <Group gap="sm" wrap="wrap">
            <Box w={200}>{input}</Box>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Verify and enable
            </Button>
            <Button variant="subtle" color="gray" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        )}
        {...form.register('code')}
        error={form.formState.errors.code?.message}
      />
    </form>
  );
}
