import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { entityNameSchema, timeZoneSchema } from '@keel/domain';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CREATE_ENTITY_MUTATION, ENTITIES_QUERY } from './shellQueries';
import { TimeZoneSelect } from './TimeZoneSelect';
import { browserTimeZone } from './timeZoneOptions';

const createEntityFormSchema = z.object({ name: entityNameSchema, timeZone: timeZoneSchema });
type CreateEntityFormValues = z.input<typeof createEntityFormSchema>;

type CreateEntityFormProps = {
  onCreated: (entityId: string) => void;
  onCancel?: () => void;
  submitLabel?: string;
};

/**
 * Creates an entity the user owns; the entity list is refetched before `onCreated` runs. Its time
 * zone starts as the browser's (the company's days and months follow it), and can be picked here.
 */
export function CreateEntityForm({
  onCreated,
  onCancel,
  submitLabel = 'Create entity',
}: CreateEntityFormProps) {
  const [createEntity, { error }] = useMutation(CREATE_ENTITY_MUTATION, {
    refetchQueries: [ENTITIES_QUERY],
    awaitRefetchQueries: true,
  });
  const form = useForm<CreateEntityFormValues>({
    resolver: zodResolver(createEntityFormSchema),
    defaultValues: { name: '', timeZone: browserTimeZone() },
    mode: 'onTouched',
  });

  const submit = form.handleSubmit(async ({ name, timeZone }) => {
    const result = await createEntity({ variables: { name, timeZone } }).catch(() => null);
    const id = result?.data?.createEntity.id;
    if (id) onCreated(id);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Company name"
          placeholder="Acme Inc."
          data-autofocus
          {...form.register('name')}
          error={form.formState.errors.name?.message}
        />
        <Controller
          control={form.control}
          name="timeZone"
          render={({ field, fieldState }) => (
            <TimeZoneSelect
              label="Time zone"
              description="The company's days and months (today, month ends, statements) follow it."
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              data-testid="create-entity-time-zone"
            />
          )}
        />
        {error && (
          <Alert color="red" variant="light">
            {error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
