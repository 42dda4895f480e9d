import { useApolloClient } from '@apollo/client/react';
import { type CardLimitField, formatCentsPlain } from '@keel/domain';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { CancelSubmitButtons } from '../../lib/CancelSubmitButtons';
import { FormError } from '../auth/FormError';
import { readServerRefusal } from '../banking/serverRefusal';
import { amountCharacters, LIMIT_INPUT_MAX_LENGTH, type LimitsForm, parseLimitsForm } from './cardInputs';
import { CARDS_QUERY, type CardItem, SET_CARD_LIMITS_MUTATION } from './cardQueries';

const LABELS: Record<CardLimitField, string> = { dailyLimit: 'Daily limit', monthlyLimit: 'Monthly limit' };

/**
 * 'Spending limits' of a card: its daily and monthly limits in dollars, each empty for no
 * limit, checked on submit by the domain's rules ($1 to $1,000,000, the daily one not above the monthly
 * one) and again by the server, whose refusal shows under the field it names. The boxes take digits
 * and one decimal point only. The day and month are the company's, in its time zone.
 */
export function CardLimitsModal({ card, onClose }: { card: CardItem | null; onClose: () => void }) {
  return (
    <Modal
      opened={card !== null}
      onClose={onClose}
      title="Spending limits"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted on each opening, so the form starts from the card's limits as they are. */}
      {card ? <LimitsFormBody card={card} onClose={onClose} /> : null}
    </Modal>
  );
}

const asText = (cents: number | null | undefined) => (cents == null ? '' : formatCentsPlain(cents));

function LimitsFormBody({ card, onClose }: { card: CardItem; onClose: () => void }) {
  const client = useApolloClient();
  const [values, setValues] = useState<LimitsForm>({
    dailyLimit: asText(card.dailyLimit),
    monthlyLimit: asText(card.monthlyLimit),
  });
  const [errors, setErrors] = useState<Partial<Record<CardLimitField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const parsed = parseLimitsForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await client.mutate({
        mutation: SET_CARD_LIMITS_MUTATION,
        variables: { id: card.id, ...parsed.limits },
        refetchQueries: [CARDS_QUERY],
        awaitRefetchQueries: true,
      });
      notifications.show({ color: 'green', message: `${card.name}'s limits are saved` });
      onClose();
    } catch (error) {
      const refusal = readServerRefusal(error, (field) =>
        field === 'dailyLimit' || field === 'monthlyLimit' ? field : null,
      );
      if (refusal.field) setErrors({ [refusal.field]: refusal.message });
      else setAlert(refusal.message);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: CardLimitField, description: string) => (
    <TextInput
      label={LABELS[name]}
      description={description}
      placeholder="No limit"
      leftSection="$"
      inputMode="decimal"
      autoComplete="off"
      maxLength={LIMIT_INPUT_MAX_LENGTH}
      value={values[name]}
      onChange={(event) => {
        const text = amountCharacters(event.currentTarget.value);
        setValues((current) => ({ ...current, [name]: text }));
      }}
      error={errors[name]}
      data-autofocus={name === 'dailyLimit' ? true : undefined}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {card.name}, ending in {card.last4}: a charge that would take the card's approved spend above a
          limit is declined. Leave a box empty for no limit.
        </Text>
        {field('dailyLimit', "Per day, in the company's time zone")}
        {field('monthlyLimit', 'Per calendar month')}
        <FormError message={alert} />
        <CancelSubmitButtons onCancel={onClose} submitting={submitting} submitLabel="Save limits" />
      </Stack>
    </form>
  );
}
