import { skipToken, useApolloClient, useQuery } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_NUMBER_MAX_LENGTH,
  ACH_MEMO_MAX,
  type AchTransferForm,
  AMOUNT_INPUT_MAX_LENGTH,
  checkDailyLimit,
  latestTransferDate,
  type TransferRail,
  WIRE_MEMO_MAX,
  type WireTransferForm,
} from '@keel/domain';
import { Button, Group, Input, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { Controller, type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { FormError } from '../../auth/FormError';
import {
  CREATE_ACH_TRANSFER_MUTATION,
  CREATE_WIRE_TRANSFER_MUTATION,
  KEEL_ACCOUNTS_QUERY,
  type KeelAccount,
  type KeelTransfer,
  TRANSFER_LIMITS_QUERY,
  TRANSFERS_QUERY,
  VENDORS_QUERY,
} from '../bankingQueries';
import { NETWORK_FAILURE_MESSAGE, readServerRefusal } from '../serverRefusal';
import { RAIL_LABELS } from '../transferLabels';
import { FromAccountField } from './FromAccountField';
import { newTransferKey } from './idempotencyKey';
import { RecipientField } from './RecipientField';
import {
  achVariables,
  emptyTransferForm,
  type TransferFormOutput,
  type TransferFormValues,
  transferFieldOf,
  transferInputSchemaOf,
  wireVariables,
} from './transferFormValues';
import { WireDetailsFields } from './WireDetailsFields';

export type TransferFormProps = {
  rail: TransferRail;
  entityId: string;
  accounts: readonly KeelAccount[];
  /** The server's today: the first day a transfer can be sent. */
  today: string;
  onSent: (transfer: KeelTransfer) => void;
  onCancel: () => void;
};

/** When each rail's money arrives (the bank's rules, providers/banking). */
const ARRIVAL: Record<TransferRail, string> = {
  ach: 'An ACH transfer is pending until it posts the next business day.',
  wire: 'A wire is sent the same business day.',
};

/**
 * One Send money form, ACH or wire (spec §5 'Transfer', §7 CreateAchTransfer / CreateWireTransfer):
 * the domain's schema checks each field on blur (then as it is corrected) and all on submit, with the
 * spec's messages. The
 * form's idempotency key is made when it opens and sent with every attempt, so a double click or a
 * retry after a lost answer sends the money once. Before sending, today's remaining limit is checked
 * with the server's own rule; whatever the server still refuses shows under the field it names, or
 * above the buttons.
 */
export function TransferForm({ rail, entityId, accounts, today, onSent, onCancel }: TransferFormProps) {
  const client = useApolloClient();
  const [idempotencyKey] = useState(newTransferKey);
  const sending = useRef(false);
  const accountTypeLabel = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const first = accounts[0];
  const form = useForm<TransferFormValues, unknown, TransferFormOutput>({
    // The values hold both rails' fields; the rail's schema reads its own and drops the rest.
    resolver: zodResolver(transferInputSchemaOf(rail)) as unknown as Resolver<
      TransferFormValues,
      unknown,
      TransferFormOutput
    >,
    defaultValues: emptyTransferForm(today, first ? { id: first.id, name: first.name } : null),
    // A field is first checked when it is left, then as it is corrected: a message that went away only
    // on the next blur would move the form under the click that caused it.
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const accountId = form.watch('account.id');
  const vendorsQuery = useQuery(VENDORS_QUERY, { variables: { entityId } });
  const limitsQuery = useQuery(
    TRANSFER_LIMITS_QUERY,
    accountId ? { variables: { accountId }, fetchPolicy: 'cache-and-network' } : skipToken,
  );
  const limits = limitsQuery.data?.tprimeTransferLimits ?? null;

  const send = async (valid: TransferFormOutput) => {
    const refetchQueries = [TRANSFERS_QUERY, KEEL_ACCOUNTS_QUERY, TRANSFER_LIMITS_QUERY];
    if (rail === 'ach') {
      const { data } = await client.mutate({
        mutation: CREATE_ACH_TRANSFER_MUTATION,
        variables: achVariables(entityId, idempotencyKey, valid as AchTransferForm),
        refetchQueries,
      });
      return data?.createAchTransfer ?? null;
    }
    const { data } = await client.mutate({
      mutation: CREATE_WIRE_TRANSFER_MUTATION,
      variables: wireVariables(entityId, idempotencyKey, valid as WireTransferForm),
      refetchQueries,
    });
    return data?.createWireTransfer ?? null;
  };

  const submit = form.handleSubmit(async (valid) => {
    // A second click before the first answer: the same key would be safe, but one request is enough.
    if (sending.current) return;
    setAlert(null);
    const limit = limits && limits.accountId === valid.account.id ? limits[rail] : null;
    if (limit && limits?.date === valid.date) {
      const check = checkDailyLimit({ dailyLimitCents: limit.dailyLimit }, limit.usedToday, valid.amount);
      if (!check.ok) {
        form.setError('amount', { type: 'limit', message: check.error });
        return;
      }
    }
    sending.current = true;
    try {
      const transfer = await send(valid);
      if (transfer) onSent(transfer);
    } catch (error) {
      const refusal = readServerRefusal(error, transferFieldOf, 'account');
      if (refusal.field) {
        form.setError(refusal.field as FieldPath<TransferFormValues>, {
          type: 'server',
          message: refusal.message,
        });
      } else {
        setAlert(
          refusal.message === NETWORK_FAILURE_MESSAGE
            ? `${refusal.message} Sending again cannot send this transfer twice.`
            : refusal.message,
        );
      }
    } finally {
      sending.current = false;
    }
  });

  const accountError =
    errors.account?.id?.message ?? errors.account?.name?.message ?? errors.account?.message;
  return (
    <form onSubmit={submit} noValidate aria-label={`${RAIL_LABELS[rail]} transfer`}>
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="account"
          render={({ field }) => (
            <FromAccountField
              accounts={accounts}
              rail={rail}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              limits={limits}
              error={accountError}
            />
          )}
        />
        <Controller
          control={form.control}
          name="vendorId"
          render={({ field }) => (
            <RecipientField
              entityId={entityId}
              vendors={vendorsQuery.data?.vendors ?? []}
              vendorId={field.value}
              onPick={(vendor) => {
                field.onChange(vendor.id);
                form.setValue('recipientName', vendor.name, { shouldValidate: true });
              }}
              onBlur={field.onBlur}
              error={errors.recipientName?.message ?? errors.vendorId?.message}
            />
          )}
        />
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <TextInput
            label="Amount"
            withAsterisk
            leftSection="$"
            placeholder="0.00"
            inputMode="decimal"
            autoComplete="off"
            maxLength={AMOUNT_INPUT_MAX_LENGTH}
            {...form.register('amount')}
            error={errors.amount?.message}
          />
          <TextInput
            label="Date"
            type="date"
            withAsterisk
            min={today}
            max={latestTransferDate(today)}
            {...form.register('date')}
            error={errors.date?.message}
          />
          <TextInput
            label="Routing number"
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            placeholder="9 digits"
            maxLength={9}
            {...form.register('routingNumber')}
            error={errors.routingNumber?.message}
          />
          <TextInput
            label="Account number"
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            maxLength={ACCOUNT_NUMBER_MAX_LENGTH}
            {...form.register('accountNumber')}
            error={errors.accountNumber?.message}
          />
        </SimpleGrid>
        {rail === 'wire' ? <WireDetailsFields form={form} /> : null}
        <SimpleGrid cols={rail === 'ach' ? 2 : 1} spacing="sm">
          {rail === 'ach' ? (
            <Controller
              control={form.control}
              name="recipientAccountType"
              render={({ field }) => (
                <Input.Wrapper label="Account type" labelElement="div" labelProps={{ id: accountTypeLabel }}>
                  <SegmentedControl
                    aria-labelledby={accountTypeLabel}
                    value={field.value}
                    onChange={field.onChange}
                    data={[
                      { value: 'checking', label: 'Checking' },
                      { value: 'savings', label: 'Savings' },
                    ]}
                    fullWidth
                  />
                </Input.Wrapper>
              )}
            />
          ) : null}
          <TextInput
            label="Memo"
            placeholder={rail === 'ach' ? 'e.g. an invoice number' : 'Message to the recipient'}
            maxLength={rail === 'ach' ? ACH_MEMO_MAX : WIRE_MEMO_MAX}
            {...form.register('memo')}
            error={errors.memo?.message}
          />
        </SimpleGrid>
        <FormError message={alert} />
        {/* Stays in view at the dialog's foot while the fields scroll (a wire's do on a laptop). */}
        <Group
          justify="space-between"
          align="center"
          wrap="nowrap"
          gap="sm"
          py="sm"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-gray-2)',
          }}
        >
          <Text size="xs" c="dimmed">
            {ARRIVAL[rail]}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {rail === 'ach' ? 'Send ACH transfer' : 'Send wire'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
