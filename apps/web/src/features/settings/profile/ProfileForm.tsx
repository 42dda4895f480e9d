import { useApolloClient } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { PROFILE_NAME_MAX, profileFormSchema } from '@keel/domain';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconPencil } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { CancelSubmitButtons } from '../../../lib/CancelSubmitButtons';
import { FormError } from '../../auth/FormError';
import { ProfileAddressFields } from './ProfileAddressFields';
import {
  type ProfileFormOutput,
  type ProfileFormValues,
  placeProfileError,
  profileFormValuesOf,
  profileMutationVariables,
} from './profileFormValues';

import { MY_PROFILE_QUERY, type ProfilePerson, UPDATE_PROFILE_MUTATION } from './profileQueries';

/** The longest phone number the server reads (its textLimit); a formatted US number is 14 characters. */
const PHONE_INPUT_MAX = 32;

const resolver = zodResolver(profileFormSchema) as unknown as Resolver<
  ProfileFormValues,
  unknown,
  ProfileFormOutput
>;

/**
 * The personal information of /settings (spec §2, §5), edited in place: the saved values read-only
 * until Edit; Cancel puts them back; Submit saves (updateTprimePerson) with the mailing address null.
 * The rules are the domain's profile schema, the server's too; a refusal it sends anyway lands under
 * the field it names.
 */
export function ProfileForm({ person }: { person: ProfilePerson }) {
  const client = useApolloClient();
  const [editing, setEditing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver,
    defaultValues: profileFormValuesOf(person),
    // Checked on submit, then as the person corrects: a message appearing on blur would push the
    // buttons down under a click that is on its way.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  // A newer copy of the person (a refetch) shows while not editing; an edit in progress is kept.
  useEffect(() => {
    if (!editing) form.reset(profileFormValuesOf(person));
  }, [person, editing, form]);

  const startEditing = () => {
    setEditing(true);
    setFormError(null);
    // After the inputs stop being read-only.
    setTimeout(() => form.setFocus('name'), 0);
  };

  const cancel = () => {
    form.reset(profileFormValuesOf(person));
    setFormError(null);
    setEditing(false);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await client.mutate({
        mutation: UPDATE_PROFILE_MUTATION,
        variables: profileMutationVariables(values),
        // The saved person replaces the shown one; `me` is one cached object, so the user menu's name
        // follows too.
        update: (cache, { data }) => {
          const saved = data?.updateTprimePerson;
          if (!saved) return;
          cache.updateQuery({ query: MY_PROFILE_QUERY }, (current) =>
            current
              ? {
                  me: {
                    ...current.me,
                    name: saved.name,
                    phoneNumber: saved.phoneNumber,
                    tprimePerson: saved,
                  },
                }
              : current,
          );
        },
      });
      const saved = result.data?.updateTprimePerson;
      if (saved) form.reset(profileFormValuesOf(saved));
      setEditing(false);
      notifications.show({ color: 'green', message: 'Profile updated successfully' });
    } catch (error) {
      const placed = placeProfileError(error);
      if (placed.field) form.setError(placed.field, { message: placed.message }, { shouldFocus: true });
      else setFormError(placed.message);
    }
  });

  const readOnly = !editing;
  const inputProps = { readOnly, variant: readOnly ? 'filled' : 'default' } as const;

  return (
    <Paper withBorder radius="md" p="lg" maw={760} component="form" onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={3} size="h4">
              Personal information
            </Title>
            <Text size="sm" c="dimmed">
              Your name, phone number and address.
            </Text>
          </div>
          {readOnly ? (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={startEditing}>
              Edit
            </Button>
          ) : null}
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="Full name"
            autoComplete="name"
            maxLength={PROFILE_NAME_MAX}
            withAsterisk={editing}
            {...inputProps}
            {...form.register('name')}
            error={errors.name?.message}
          />
          <TextInput
            label="Email"
            value={person.email}
            readOnly
            variant="filled"
            rightSection={<IconLock size={14} aria-label="Read-only" />}
            title="Your sign-in email; it cannot be changed here"
          />
          <TextInput
            label="Phone number"
            type="tel"
            autoComplete="tel"
            placeholder={editing ? '(415) 555-0134' : undefined}
            description={editing ? 'A US mobile number' : undefined}
            maxLength={PHONE_INPUT_MAX}
            {...inputProps}
            {...form.register('phoneNumber')}
            error={errors.phoneNumber?.message}
          />
        </SimpleGrid>

        <ProfileAddressFields form={form} editing={editing} />

        <FormError message={formError} />

        {editing ? <CancelSubmitButtons onCancel={cancel} submitting={isSubmitting} /> : null}
      </Stack>
    </Paper>
  );
}
