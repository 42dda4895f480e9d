import { skipToken, useApolloClient, useQuery } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_NUMBER_MAX_LENGTH,
  ACH_MEMO_MAX,
  type AchTransferForm,
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
import { AmountInput } from '../AmountInput';
import {
  CREATE_ACH_TRANSFER_MUTATION,
  CREATE_WIRE_TRANSFER_MUTATION,
  DEPOSIT_ACCOUNTS_QUERY,
  type DepositAccount,
  type KeelTransfer,
  REVIEW_ACH_TRANSFER_QUERY,
  REVIEW_WIRE_TRANSFER_QUERY,
  TRANSFER_LIMITS_QUERY,
  TRANSFERS_QUERY,
  type TransferReview,
  VENDORS_QUERY,
} from '../bankingQueries';
import { NETWORK_FAILURE_MESSAGE, readServerRefusal } from '../serverRefusal';
import { RAIL_LABELS } from '../transferLabels';
import { accountOptionLabel, FromAccountField } from './FromAccountField';
import { newTransferKey } from './idempotencyKey';
import { RecipientField } from './RecipientField';
import { TransferReviewStep } from './TransferReviewStep';
import {
  achReviewVariables,
  achVariables,
  emptyTransferForm,
  type TransferFormOutput,
  type TransferFormValues,
  transferFieldOf,
  transferInputSchemaOf,
  wireReviewVariables,
  wireVariables,
} from './transferFormValues';
import { WireDetailsFields } from './WireDetailsFields';

type TransferFormProps = {
  rail: TransferRail;
  entityId: string;
  accounts: readonly DepositAccount[];
  /** The company's today (in its time zone): the form's first day, and the first a transfer can be sent. */
  today: string;
  /** The company's time zone: the Review step writes the bank hand-over time in it. */
  timeZone: string;
  onSent: (transfer: KeelTransfer) => void;
  onCancel: () => void;
};

/** When each rail's money arrives (the bank's rules, providers/banking). */
const ARRIVAL: Record<TransferRail, string> = {
  ach: 'An ACH transfer is pending until it posts the next business day.',
  wire: 'A wire is sent the same business day.',
};

/**
 * One Send money form, ACH or wire (spec §5 'Transfer', §7 CreateAchTransfer / CreateWireTransfer),
 * then its Review step: the domain's schema checks each field on blur (then as it is
 * corrected) and all on submit, with the spec's messages; today's remaining limit is checked with the
 * server's own rule; then the server reviews the transfer (reviewAchTransfer / reviewWireTransfer: the
 * create mutation's checks, nothing written) and the Review step shows what it would send. 'Back' shows
 * the form again as it was (it stays mounted, hidden); 'Confirm and send' creates the transfer. The
 * form's idempotency key is made when it opens and sent with every attempt, so a double click or a
 * retry after a lost answer sends the money once. Whatever the server refuses shows under the field it
 * names (the form comes back for it), or above the buttons.
 */
export function TransferForm({
  rail,
  entityId,
  accounts,
  today,
  timeZone,
  onSent,
  onCancel,
}: TransferFormProps) {
  const client = useApolloClient();
  const [idempotencyKey] = useState(newTransferKey);
  const sending = useRef(false);
  const accountTypeLabel = useId();
  const [alert, setAlert] = useState<string | null>(null);
  /** The Review step, once the server reviewed the form's values (kept in `reviewed`). */
  const [review, setReview] = useState<{ review: TransferReview; reviewed: TransferFormOutput } | null>(null);
  const [reviewAlert, setReviewAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
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
    const refetchQueries = [TRANSFERS_QUERY, DEPOSIT_ACCOUNTS_QUERY, TRANSFER_LIMITS_QUERY];
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

  /**
   * Puts a server refusal under the field it names (the form comes back for it), or hands it to `place`
   * (above the buttons); a lost answer while sending says that sending again is safe.
   */
  const showRefusal = (error: unknown, place: (message: string) => void, whileSending: boolean) => {
    const refusal = readServerRefusal(error, transferFieldOf, 'account');
    if (refusal.field) {
      setReview(null);
      form.setError(refusal.field as FieldPath<TransferFormValues>, {
        type: 'server',
        message: refusal.message,
      });
      return;
    }
    place(
      whileSending && refusal.message === NETWORK_FAILURE_MESSAGE
        ? `${refusal.message} Sending again cannot send this transfer twice.`
        : refusal.message,
    );
  };

  const reviewTransfer = async (valid: TransferFormOutput): Promise<TransferReview | null> => {
    if (rail === 'ach') {
      const { data } = await client.query({
        query: REVIEW_ACH_TRANSFER_QUERY,
        variables: achReviewVariables(entityId, valid as AchTransferForm),
        fetchPolicy: 'network-only',
      });
      return data?.reviewAchTransfer ?? null;
    }
    const { data } = await client.query({
      query: REVIEW_WIRE_TRANSFER_QUERY,
      variables: wireReviewVariables(entityId, valid as WireTransferForm),
      fetchPolicy: 'network-only',
    });
    return data?.reviewWireTransfer ?? null;
  };

  const submit = form.handleSubmit(async (valid) => {
    setAlert(null);
    const limit = limits && limits.accountId === valid.account.id ? limits[rail] : null;
    if (limit && limits?.date === valid.date) {
      const check = checkDailyLimit({ dailyLimitCents: limit.dailyLimit }, limit.usedToday, valid.amount);
      if (!check.ok) {
        form.setError('amount', { type: 'limit', message: check.error });
        return;
      }
    }
    try {
      const checked = await reviewTransfer(valid);
      if (checked) {
        setReviewAlert(null);
        setReview({ review: checked, reviewed: valid });
      }
    } catch (error) {
      showRefusal(error, setAlert, false);
    }
  });

  const confirm = async () => {
    // A second click before the first answer: the same key would be safe, but one request is enough.
    if (sending.current || !review) return;
    sending.current = true;
    setConfirming(true);
    setReviewAlert(null);
    try {
      const transfer = await send(review.reviewed);
      if (transfer) onSent(transfer);
    } catch (error) {
      showRefusal(error, setReviewAlert, true);
    } finally {
      sending.current = false;
      setConfirming(false);
    }
  };

  const fromAccount = review
    ? accounts.find((account) => account.id === review.reviewed.account.id)
    : undefined;
  const accountError =
    errors.account?.id?.message ?? errors.account?.name?.message ?? errors.account?.message;
  return (
    <>
      {review ? (
        <TransferReviewStep
          review={review.review}
          fromLabel={fromAccount ? accountOptionLabel(fromAccount) : review.review.accountName}
          memo={review.reviewed.memo}
          timeZone={timeZone}
          alert={reviewAlert}
          confirming={confirming}
          onBack={() => setReview(null)}
          onConfirm={confirm}
        />
      ) : null}
      <form
        onSubmit={submit}
        noValidate
        aria-label={`${RAIL_LABELS[rail]} transfer`}
        hidden={review !== null}
        style={review ? { display: 'none' } : undefined}
      >
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
            <Controller
              control={form.control}
              name="amount"
              render={({ field }) => (
                <AmountInput
                  label="Amount"
                  withAsterisk
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.amount?.message}
                />
              )}
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
                  <Input.Wrapper
                    label="Account type"
                    labelElement="div"
                    labelProps={{ id: accountTypeLabel }}
                  >
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
                {rail === 'ach' ? 'Review ACH transfer' : 'Review wire'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </>
  );
}
