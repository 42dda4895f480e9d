import { CITY_MAX, PROFILE_COUNTRY, STREET_LINE_MAX } from '@keel/domain';
import { Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { ProfileFormOutput, ProfileFormValues } from './profileFormValues';
import { US_STATE_OPTIONS } from './usStateOptions';

/** Spec §9: a postal code is 5 digits. */
const POSTAL_CODE_LENGTH = 5;

/**
 * The profile's physical address (spec §2): street lines 1 and 2, city, state (a USPS code, picked by
 * name), zip code, and the country, fixed to the United States. Read-only until the form is edited.
 */
export function ProfileAddressFields({
  form,
  editing,
}: {
  form: UseFormReturn<ProfileFormValues, unknown, ProfileFormOutput>;
  editing: boolean;
}) {
  const errors = form.formState.errors.physicalAddress;
  const inputProps = { readOnly: !editing, variant: editing ? 'default' : 'filled' } as const;
  return (
    <div>
      <Title order={4} size="h5" mb="xs">
        Physical address
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput
          label="Street line 1"
          autoComplete="address-line1"
          maxLength={STREET_LINE_MAX}
          withAsterisk={editing}
          {...inputProps}
          {...form.register('physicalAddress.streetLine1')}
          error={errors?.streetLine1?.message}
        />
        <TextInput
          label="Street line 2"
          autoComplete="address-line2"
          maxLength={STREET_LINE_MAX}
          {...inputProps}
          {...form.register('physicalAddress.streetLine2')}
          error={errors?.streetLine2?.message}
        />
        <TextInput
          label="City"
          autoComplete="address-level2"
          maxLength={CITY_MAX}
          withAsterisk={editing}
          {...inputProps}
          {...form.register('physicalAddress.city')}
          error={errors?.city?.message}
        />
        <Controller
          control={form.control}
          name="physicalAddress.state"
          render={({ field }) => (
            <Select
              label="State"
              placeholder={editing ? 'Select a state' : undefined}
              data={US_STATE_OPTIONS as { value: string; label: string }[]}
              searchable
              autoComplete="address-level1"
              withAsterisk={editing}
              {...inputProps}
              ref={field.ref}
              name={field.name}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={errors?.state?.message}
            />
          )}
        />
        <TextInput
          label="Zip code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={POSTAL_CODE_LENGTH}
          withAsterisk={editing}
          {...inputProps}
          {...form.register('physicalAddress.postalCode')}
          error={errors?.postalCode?.message}
        />
        <TextInput label="Country" value={PROFILE_COUNTRY.name} readOnly variant="filled" />
      </SimpleGrid>
    </div>
  );
}
