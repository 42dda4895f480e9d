import { RECIPIENT_NAME_MAX, TRANSFER_ADDRESS_LINE_MAX, TRANSFER_CITY_MAX } from '@keel/domain';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Controller, type FieldPath } from 'react-hook-form';
import { US_STATE_OPTIONS } from '../../settings/profile/usStateOptions';
import type { TransferFormApi, TransferFormValues } from './transferFormValues';

/** Spec §9: a postal code is 5 digits. */
const POSTAL_CODE_LENGTH = 5;

function StateSelect({
  form,
  name,
  label,
  error,
}: {
  form: TransferFormApi;
  name: Extract<FieldPath<TransferFormValues>, `${string}.state`>;
  label: string;
  error: string | undefined;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          withAsterisk
          placeholder="Select a state"
          data={US_STATE_OPTIONS as { value: string; label: string }[]}
          searchable
          ref={field.ref}
          name={field.name}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={error}
        />
      )}
    />
  );
}

/** A titled group of fields, named for screen readers by its title. */
function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack gap={6} role="group" aria-labelledby={id}>
      <Text id={id} size="xs" fw={700} c="dimmed" tt="uppercase" mt={4}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * What a wire needs beyond an ACH (spec §5 'Transfer'): the recipient's address (the second line
 * optional) and the recipient's bank: name, address, city, state and postal code.
 */
export function WireDetailsFields({ form }: { form: TransferFormApi }) {
  const errors = form.formState.errors;
  const address = errors.recipientAddress;
  const bank = errors.bank;
  return (
    <>
      <FieldGroup title="Recipient address">
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <TextInput
            label="Address line 1"
            withAsterisk
            autoComplete="off"
            maxLength={TRANSFER_ADDRESS_LINE_MAX}
            {...form.register('recipientAddress.line1')}
            error={address?.line1?.message ?? address?.message}
          />
          <TextInput
            label="Address line 2"
            autoComplete="off"
            maxLength={TRANSFER_ADDRESS_LINE_MAX}
            {...form.register('recipientAddress.line2')}
            error={address?.line2?.message}
          />
          <TextInput
            label="City"
            withAsterisk
            autoComplete="off"
            maxLength={TRANSFER_CITY_MAX}
            {...form.register('recipientAddress.city')}
            error={address?.city?.message}
          />
          <SimpleGrid cols={2} spacing="sm">
            <StateSelect
              form={form}
              name="recipientAddress.state"
              label="State"
              error={address?.state?.message}
            />
            <TextInput
              label="Postal code"
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              maxLength={POSTAL_CODE_LENGTH}
              {...form.register('recipientAddress.postalCode')}
              error={address?.postalCode?.message}
            />
          </SimpleGrid>
        </SimpleGrid>
      </FieldGroup>
      <FieldGroup title="Recipient bank">
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <TextInput
            label="Bank name"
            withAsterisk
            autoComplete="off"
            maxLength={RECIPIENT_NAME_MAX}
            {...form.register('bank.name')}
            error={bank?.name?.message ?? bank?.message}
          />
          <TextInput
            label="Bank address"
            withAsterisk
            autoComplete="off"
            maxLength={TRANSFER_ADDRESS_LINE_MAX}
            {...form.register('bank.address')}
            error={bank?.address?.message}
          />
          <TextInput
            label="Bank city"
            withAsterisk
            autoComplete="off"
            maxLength={TRANSFER_CITY_MAX}
            {...form.register('bank.city')}
            error={bank?.city?.message}
          />
          <SimpleGrid cols={2} spacing="sm">
            <StateSelect form={form} name="bank.state" label="Bank state" error={bank?.state?.message} />
            <TextInput
              label="Bank postal code"
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              maxLength={POSTAL_CODE_LENGTH}
              {...form.register('bank.postalCode')}
              error={bank?.postalCode?.message}
            />
          </SimpleGrid>
        </SimpleGrid>
      </FieldGroup>
    </>
  );
}
