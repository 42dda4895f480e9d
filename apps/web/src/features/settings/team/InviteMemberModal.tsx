import { useApolloClient } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ASSIGNABLE_ROLES,
  EMAIL_MAX,
  INVITE_FIRST_NAME_MAX,
  INVITE_LAST_NAME_MAX,
  type InviteForm,
  inviteFormSchema,
  ROLE_LABELS,
  TEAM_MESSAGES,
} from '@keel/domain';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CancelSubmitButtons } from '../../../lib/CancelSubmitButtons';
import { describeSaveError } from '../../financial/drawer/DrawerFormFrame';
import { describeRoleAbilities } from './teamPermissions';
import { CREATE_INVITE_MUTATION, TEAM_QUERY } from './teamQueries';

type InviteFormInput = z.input<typeof inviteFormSchema>;

const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const EMPTY: InviteFormInput = { firstName: '', lastName: '', email: '', role: '' };

type InviteMemberModalProps = {
  opened: boolean;
  entityId: string;
  onClose: () => void;
};

/**
 * 'Invite team member' (spec §2, §5 'Invite'): first name, last name and email required, a role of
 * admin or bookkeeper ('Select a role...' while blank). The server emails a sign-up link; a refusal
 * (already a member, already invited, a limit) opens 'Invitation Error' with its message (spec §8), and
 * the form stays as typed to correct it.
 */
export function InviteMemberModal({ opened, entityId, onClose }: InviteMemberModalProps) {
  const client = useApolloClient();
  const [invitationError, setInvitationError] = useState<string | null>(null);
  const form = useForm<InviteFormInput, unknown, InviteForm>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: EMPTY,
    // Checked on submit, then as the person corrects: a message appearing on blur would push the
    // buttons down under a click that is on its way.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const role = form.watch('role');

  const close = () => {
    form.reset(EMPTY);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await client.mutate({
        mutation: CREATE_INVITE_MUTATION,
        variables: { entityId, ...values },
        refetchQueries: [TEAM_QUERY],
      });
      notifications.show({ color: 'green', message: `Invitation sent to ${values.email}` });
      close();
    } catch (error) {
      setInvitationError(describeSaveError(error));
    }
  });

  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title="Invite team member"
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              They get an email with a link to create their account and join the team.
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="First name"
                withAsterisk
                data-autofocus
                maxLength={INVITE_FIRST_NAME_MAX}
                {...form.register('firstName')}
                error={errors.firstName?.message}
              />
              <TextInput
                label="Last name"
                withAsterisk
                maxLength={INVITE_LAST_NAME_MAX}
                {...form.register('lastName')}
                error={errors.lastName?.message}
              />
            </SimpleGrid>
            <TextInput
              label="Email"
              type="email"
              withAsterisk
              placeholder="name@company.com"
              maxLength={EMAIL_MAX}
              {...form.register('email')}
              error={errors.email?.message}
            />
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select
                  label="Role"
                  withAsterisk
                  placeholder={TEAM_MESSAGES.selectRole}
                  data={ROLE_OPTIONS}
                  allowDeselect={false}
                  ref={field.ref}
                  name={field.name}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={errors.role?.message}
                  description={describeRoleAbilities(role)}
                />
              )}
            />
            <CancelSubmitButtons onCancel={close} submitting={isSubmitting} submitLabel="Send invitation" />
          </Stack>
        </form>
      </Modal>
      <InvitationErrorDialog message={invitationError} onClose={() => setInvitationError(null)} />
    </>
  );
}

/** Spec §8: an invitation the server refused opens 'Invitation Error' with the server's message. */
function InvitationErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal
      opened={message !== null}
      onClose={onClose}
      title="Invitation Error"
      centered
      size="sm"
      zIndex={400}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm" role="alert">
          {message}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Okay
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
