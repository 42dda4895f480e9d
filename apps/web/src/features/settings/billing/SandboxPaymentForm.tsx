import { useApolloClient } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CARD_NAME_MAX, type PaymentCard, type PaymentCardForm, paymentCardSchema } from '@keel/domain';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { CancelSubmitButtons } from '../../../lib/CancelSubmitButtons';
import { FormError } from '../../auth/FormError';
import { describeSaveError } from '../../financial/drawer/DrawerFormFrame';
import { type BillingSubscription, CONFIRM_SUBSCRIPTION_MUTATION } from './billingQueries';

/** The API's names of the form's fields (confirmSubscription's arguments). */
const FIELD_OF_ARGUMENT: Record<string, keyof PaymentCardForm> = {
  cardNumber: 'number',
  cardExpiry: 'expiry',
  cardCvc: 'cvc',
  cardName: 'name',
};

const EMPTY: PaymentCardForm = { number: '', expiry: '', cvc: '', name: '' };

/** '4242424242424242' typed or pasted -> '4242 4242 4242 4242' (digits in fours, at most 19). */
export function groupCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1230' -> '12 / 30': the slash comes by itself, as on Stripe's form. */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * The payment form in sandbox mode (spec §4: 'a payment form with Cancel and Submit'): card number,
 * expiry, security code and name on the card, checked by the domain's rules (the server's too), then
 * sent to confirmSubscription, which pays through the payments sandbox. A declined card's message
 * (Stripe's words) shows above the buttons; a field the server refuses shows under it. Nothing of the
 * card is kept here once it is sent.
 */
export function SandboxPaymentForm({
  subscription,
  today,
  onCancel,
  onPaid,
}: {
  subscription: Pick<BillingSubscription, 'id'>;
  today: string;
  onCancel: () => void;
  onPaid: (subscription: BillingSubscription) => void;
}) {
  const client = useApolloClient();
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(
    () => zodResolver(paymentCardSchema(today)) as unknown as Resolver<PaymentCardForm, unknown, PaymentCard>,
    [today],
  );
  const form = useForm<PaymentCardForm, unknown, PaymentCard>({
    resolver,
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async () => {
    setFormError(null);
    const values = form.getValues();
    try {
      const result = await client.mutate({
        mutation: CONFIRM_SUBSCRIPTION_MUTATION,
        variables: {
          id: subscription.id,
          cardNumber: values.number,
          cardExpiry: values.expiry,
          cardCvc: values.cvc,
          cardName: values.name,
        },
      });
      const payload = result.data?.confirmSubscription;
      if (!payload) throw new Error('Your payment could not be confirmed.');
      if (payload.errors.length === 0) {
        form.reset(EMPTY);
        onPaid(payload.subscription);
        return;
      }
      let placed = false;
      for (const error of payload.fieldErrors) {
        const field = FIELD_OF_ARGUMENT[error.field];
        if (field) {
          form.setError(field, { message: error.message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setFormError(payload.errors.join(' '));
    } catch (error) {
      setFormError(describeSaveError(error));
    }
  });

  const numberField = form.register('number');
  const expiryField = form.register('expiry');

  return (
    <form onSubmit={submit} noValidate aria-label="Payment details" data-testid="payment-form">
      <Stack gap="sm">
        <TextInput
          label="Card number"
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          rightSection={<IconLock size={14} aria-hidden />}
          {...numberField}
          onChange={(event) => {
            event.target.value = groupCardNumber(event.target.value);
            return numberField.onChange(event);
          }}
          error={errors.number?.message}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="Expiry"
            placeholder="MM / YY"
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={7}
            {...expiryField}
            onChange={(event) => {
              const typed = event.target.value;
              // Deleting back over the slash removes it rather than putting it straight back.
              if (!typed.endsWith(' /')) event.target.value = formatExpiry(typed);
              return expiryField.onChange(event);
            }}
            error={errors.expiry?.message}
          />
          <TextInput
            label="CVC"
            placeholder="123"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            {...form.register('cvc')}
            error={errors.cvc?.message}
          />
        </SimpleGrid>
        <TextInput
          label="Name on card"
          autoComplete="cc-name"
          maxLength={CARD_NAME_MAX}
          {...form.register('name')}
          error={errors.name?.message}
        />
        <Text size="xs" c="dimmed" data-testid="sandbox-hint">
          Sandbox: no card is charged. 4242 4242 4242 4242 succeeds and 4000 0000 0000 0002 is declined, with
          any future expiry and any 3-digit CVC.
        </Text>
        <FormError message={formError} />
        <CancelSubmitButtons onCancel={onCancel} submitting={isSubmitting} />
      </Stack>
    </form>
  );
}
