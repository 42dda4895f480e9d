import { useApolloClient } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CARD_ISSUE_MESSAGES,
  CARD_KIND_LABELS,
  CARD_KINDS,
  type CardKind,
  ISSUED_CARD_NAME_MAX,
} from '@keel/domain';
import { Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CancelSubmitButtons } from '../../lib/CancelSubmitButtons';
import { FormError } from '../auth/FormError';
import { readServerRefusal } from '../banking/serverRefusal';
import { CARDS_QUERY, type CardAccount, CREATE_CARD_MUTATION } from './cardQueries';
import { isCardKind } from './cardState';

/** What each kind is, as the modal offers it. */
const KIND_DESCRIPTIONS: Record<CardKind, string> = {
  virtual: 'A card number for online and phone purchases, ready at once.',
  physical: 'A card mailed to the company, activated with a PIN when it arrives.',
};

const createCardSchema = z.object({
  cardType: z.enum(CARD_KINDS, { error: CARD_ISSUE_MESSAGES.kind }),
  name: z
    .string()
    .trim()
    .max(ISSUED_CARD_NAME_MAX, `Card name must be at most ${ISSUED_CARD_NAME_MAX} characters`),
  accountId: z.string().min(1, 'Account is required'),
});
type CreateCardInput = z.input<typeof createCardSchema>;
type CreateCardValues = z.output<typeof createCardSchema>;

const FIELDS = new Set(['cardType', 'name', 'accountId']);

type CreateCardModalProps = {
  opened: boolean;
  /** The kinds the company may still create (domain cardKindsToOffer): only those are offered. */
  kinds: readonly CardKind[];
  /** The company's open deposit accounts; the card spends from the one chosen (the first by default). */
  accounts: readonly CardAccount[];
  onClose: () => void;
};

/**
 * 'Create a Card' (spec §2 /cards, §4 'A card type is offered for creation only when none of that type
 * exists'): the kinds not yet held, an optional name (the kind's label when left blank) and, when the
 * company has several deposit accounts, the one it spends from. On success the list is refetched.
 */
export function CreateCardModal({ opened, kinds, accounts, onClose }: CreateCardModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Create a Card"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* The modal's content mounts on each opening: the form starts from the kinds and accounts of now. */}
      <CreateCardForm kinds={kinds} accounts={accounts} onClose={onClose} />
    </Modal>
  );
}

function CreateCardForm({ kinds, accounts, onClose }: Omit<CreateCardModalProps, 'opened'>) {
  const client = useApolloClient();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<CreateCardInput, unknown, CreateCardValues>({
    resolver: zodResolver(createCardSchema),
    defaultValues: { cardType: kinds[0] ?? 'virtual', name: '', accountId: accounts[0]?.id ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const cardType = form.watch('cardType');

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      // The new card appears in the list, refetched before the modal closes: no toast needed.
      await client.mutate({
        mutation: CREATE_CARD_MUTATION,
        variables: { accountId: values.accountId, cardType: values.cardType, name: values.name || null },
        refetchQueries: [CARDS_QUERY],
        awaitRefetchQueries: true,
      });
      onClose();
    } catch (error) {
      const refusal = readServerRefusal(error, (field) => (FIELDS.has(field) ? field : null), 'accountId');
      if (refusal.field) {
        form.setError(refusal.field as keyof CreateCardInput, { type: 'server', message: refusal.message });
      } else setAlert(refusal.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="cardType"
          render={({ field }) => (
            <Radio.Group
              label="Card type"
              withAsterisk
              value={field.value}
              onChange={field.onChange}
              error={errors.cardType?.message}
            >
              <Stack gap="sm" mt="xs">
                {kinds.map((kind) => (
                  <Radio
                    key={kind}
                    value={kind}
                    label={CARD_KIND_LABELS[kind]}
                    description={KIND_DESCRIPTIONS[kind]}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <TextInput
          label="Card name"
          description="How the company knows it, e.g. Software and ads. Optional."
          placeholder={isCardKind(cardType) ? CARD_KIND_LABELS[cardType] : ''}
          maxLength={ISSUED_CARD_NAME_MAX}
          {...form.register('name')}
          error={errors.name?.message}
        />
        {accounts.length > 1 ? (
          <Controller
            control={form.control}
            name="accountId"
            render={({ field }) => (
              <Select
                label="Spends from"
                withAsterisk
                allowDeselect={false}
                data={accounts.map((account) => ({ value: account.id, label: accountLabel(account) }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={errors.accountId?.message}
              />
            )}
          />
        ) : accounts[0] ? (
          <Text size="sm" c="dimmed">
            Spends from {accountLabel(accounts[0])}.
          </Text>
        ) : null}
        <FormError message={alert ?? (accounts.length > 1 ? null : (errors.accountId?.message ?? null))} />
        <CancelSubmitButtons onCancel={onClose} submitting={isSubmitting} submitLabel="Create card" />
      </Stack>
    </form>
  );
}

/** 'Keel Checking ••9012' (the server sends the number masked but for its last digits). */
const accountLabel = (account: CardAccount) => `${account.name} ••${account.accountNumber.slice(-4)}`;
