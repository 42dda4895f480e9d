import { useApolloClient } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CARD_PIN_LENGTH, cardPinSchema } from '@keel/domain';
import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CancelSubmitButtons } from '../../lib/CancelSubmitButtons';
import { FormError } from '../auth/FormError';
import { readServerRefusal } from '../banking/serverRefusal';
import { pinCharacters } from './cardInputs';
import { ACTIVATE_PHYSICAL_CARD_MUTATION, CARDS_QUERY, type CardItem } from './cardQueries';

const pinFormSchema = z.object({ pin: cardPinSchema });
type PinValues = z.infer<typeof pinFormSchema>;

/**
 * Activate (spec §4 'unactivated physical shows Activate (requires PIN; card list refetched on
 * success)', §5 'Card PIN'): the PIN its holder chose, required, 4 characters, digits only, with the
 * spec's messages, checked when the field is left and on submit. The box keeps only digits, 4 at most. The server checks it again; a
 * refusal shows under the field (the PIN) or above the buttons (the card's state).
 */
export function ActivateCardModal({ card, onClose }: { card: CardItem | null; onClose: () => void }) {
  return (
    <Modal
      opened={card !== null}
      onClose={onClose}
      title="Activate card"
      size="sm"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted on each opening, so every activation starts with an empty PIN. */}
      {card ? <PinForm card={card} onClose={onClose} /> : null}
    </Modal>
  );
}

function PinForm({ card, onClose }: { card: CardItem; onClose: () => void }) {
  const client = useApolloClient();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<PinValues>({
    resolver: zodResolver(pinFormSchema),
    defaultValues: { pin: '' },
    mode: 'onBlur',
    reValidateMode: 'onBlur',
  });
  const { errors, isSubmitting } = form.formState;
  const pinField = form.register('pin');

  const submit = form.handleSubmit(async ({ pin }) => {
    setAlert(null);
    try {
      await client.mutate({
        mutation: ACTIVATE_PHYSICAL_CARD_MUTATION,
        variables: { id: card.id, pin },
        refetchQueries: [CARDS_QUERY],
        awaitRefetchQueries: true,
      });
      notifications.show({ color: 'green', message: `${card.name} is active` });
      onClose();
    } catch (error) {
      const refusal = readServerRefusal(error, (field) => (field === 'pin' ? 'pin' : null));
      if (refusal.field) form.setError('pin', { type: 'server', message: refusal.message });
      else setAlert(refusal.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose the {CARD_PIN_LENGTH}-digit PIN of {card.name}, ending in {card.last4}. It is used at
          terminals once the card is active.
        </Text>
        <PasswordInput
          label="Card PIN"
          withAsterisk
          data-autofocus
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={CARD_PIN_LENGTH}
          {...pinField}
          onChange={(event) => {
            // Digits only: anything else typed or pasted never reaches the box.
            const digits = pinCharacters(event.target.value);
            if (digits !== event.target.value) event.target.value = digits;
            void pinField.onChange(event);
          }}
          error={errors.pin?.message}
        />
        <FormError message={alert} />
        <CancelSubmitButtons onCancel={onClose} submitting={isSubmitting} submitLabel="Activate" />
      </Stack>
    </form>
  );
}
