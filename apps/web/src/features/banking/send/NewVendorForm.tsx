import { useApolloClient } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { RECIPIENT_NAME_MAX, VENDOR_NOTES_MAX, type VendorForm, vendorFormSchema } from '@keel/domain';
import {
  Button,
  Group,
  Input,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type KeyboardEvent, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormError } from '../../auth/FormError';
import { CREATE_VENDOR_MUTATION, VENDORS_QUERY, type Vendor } from '../bankingQueries';
import { readServerRefusal } from '../serverRefusal';

type VendorFormInput = z.input<typeof vendorFormSchema>;

const EMPTY: VendorFormInput = { name: '', email: '', companyName: '', notes: '', vendorType: 'business' };
const VENDOR_FIELDS = new Set(['name', 'email', 'companyName', 'notes', 'vendorType']);

/**
 * A new payee (CreateVendor, spec §3 Vendor): name required, email, company name and notes optional,
 * business or individual (an ACH to a person goes as PPD, to a business as CCD). It sits inside the
 * transfer form, so it is not a form of its own: Enter in its fields saves the vendor, not the transfer.
 */
export function NewVendorForm({
  entityId,
  onCreated,
  onCancel,
}: {
  entityId: string;
  onCreated: (vendor: Vendor) => void;
  onCancel: () => void;
}) {
  const client = useApolloClient();
  const [alert, setAlert] = useState<string | null>(null);
  const vendorTypeLabel = useId();
  const form = useForm<VendorFormInput, unknown, VendorForm>({
    resolver: zodResolver(vendorFormSchema),
    defaultValues: EMPTY,
    // A field is first checked when it is left, then as it is corrected: a message that went away only
    // on the next blur would move the form under the click that caused it.
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const save = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const { data } = await client.mutate({
        mutation: CREATE_VENDOR_MUTATION,
        variables: { entityId, ...values },
        refetchQueries: [VENDORS_QUERY],
        awaitRefetchQueries: true,
      });
      if (data) onCreated(data.createVendor);
    } catch (error) {
      const refusal = readServerRefusal(error, (field) => (VENDOR_FIELDS.has(field) ? field : null));
      if (refusal.field) {
        form.setError(refusal.field as keyof VendorFormInput, { type: 'server', message: refusal.message });
      } else setAlert(refusal.message);
    }
  });

  const saveOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.target instanceof HTMLTextAreaElement) return;
    event.preventDefault();
    void save();
  };

  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" data-testid="new-vendor-form" onKeyDown={saveOnEnter}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Text fw={600} size="sm">
            New vendor
          </Text>
          <Text size="xs" c="dimmed">
            Saved to your vendors for next time
          </Text>
        </Group>
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <TextInput
            label="Vendor name"
            withAsterisk
            data-autofocus
            maxLength={RECIPIENT_NAME_MAX}
            {...form.register('name')}
            error={errors.name?.message}
          />
          <TextInput
            label="Company name"
            maxLength={RECIPIENT_NAME_MAX}
            {...form.register('companyName')}
            error={errors.companyName?.message}
          />
          <TextInput
            label="Vendor email"
            type="email"
            maxLength={254}
            {...form.register('email')}
            error={errors.email?.message}
          />
          <Controller
            control={form.control}
            name="vendorType"
            render={({ field }) => (
              <Input.Wrapper label="Vendor type" labelElement="div" labelProps={{ id: vendorTypeLabel }}>
                <SegmentedControl
                  aria-labelledby={vendorTypeLabel}
                  fullWidth
                  value={field.value ?? 'business'}
                  onChange={field.onChange}
                  data={[
                    { value: 'business', label: 'Business' },
                    { value: 'individual', label: 'Individual' },
                  ]}
                />
              </Input.Wrapper>
            )}
          />
        </SimpleGrid>
        <Textarea
          label="Notes"
          rows={2}
          maxLength={VENDOR_NOTES_MAX}
          {...form.register('notes')}
          error={errors.notes?.message}
        />
        <FormError message={alert} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel
          </Button>
          <Button size="xs" loading={isSubmitting} onClick={() => void save()}>
            Save vendor
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
