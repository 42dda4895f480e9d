import { useMutation, useQuery } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { entryMemoSchema, entryNameSchema } from '@keel/domain';
import { Alert, Center, Loader, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ReportAccountView } from '../reportQuery';
import { REPORT_REFETCH_QUERIES } from '../reportQuery';
import { amountFieldCents, amountFieldSchema } from './amountFieldSchema';
import { amountInputFromCents, EMPTY_AMOUNT_INPUT } from './amountInputValue';
import { AgainstAccountField, AmountField } from './DrawerFormFields';
import { DrawerFormFrame, describeSaveError } from './DrawerFormFrame';
import { CREATE_USER_TRANSACTION_MUTATION, UPDATE_USER_TRANSACTION_MUTATION } from './drawerMutations';
import { type DrawerEntry, ENTRY_WITH_TRANSACTION_QUERY } from './drawerQueries';
import { againstAccountOptions, defaultAgainstAccountId } from './drawerScope';
import { lastAgainstAccountId, rememberAgainstAccount } from './lastAgainstAccount';

const entryFormSchema = z.object({
  name: entryNameSchema,
  memo: entryMemoSchema,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is required'),
  amount: amountFieldSchema,
  againstId: z.string().min(1, 'Against account is required'),
});

type EntryFormValues = z.input<typeof entryFormSchema>;

export type EntryFormProps = {
  entityId: string;
  reportId: string;
  /** The account a new entry is booked on (the row's account). */
  accountId: string;
  /**
   * The row's sign: the user types the figure as the row shows it, so the amount sent is the typed
   * signed cents times the sign (a credit account's shown 100 is -100 debit-positive).
   */
  sign: number;
  accounts: readonly ReportAccountView[];
  defaultDate: string;
  /** Null for a new entry; the user transaction's entry to edit. */
  entry: DrawerEntry | null;
  onDone: () => void;
};

/**
 * The Entry form (actual months): Name, Memo, Date, Amount and the account it is booked against.
 * CreateUserTransaction books amount on the account and -amount against; editing loads the
 * transaction (EntryWithTransaction) for its other account and sends UpdateUserTransaction.
 */
export function EntryForm(props: EntryFormProps) {
  const { entry } = props;
  const { data, error, loading } = useQuery(ENTRY_WITH_TRANSACTION_QUERY, {
    variables: { id: entry?.id ?? '' },
    skip: !entry,
    fetchPolicy: 'network-only',
  });
  if (!entry) return <EntryFormFields {...props} otherAccountId={null} />;
  if (error) {
    return (
      <Alert color="red" title="Error">
        The entry could not be loaded.
      </Alert>
    );
  }
  const loaded = data?.entryWithTransaction;
  if (loading || !loaded) {
    return (
      <Center py="sm">
        <Loader size="sm" aria-label="Loading entry" />
      </Center>
    );
  }
  return (
    <EntryFormFields
      {...props}
      entry={loaded.entry}
      otherAccountId={loaded.otherEntries[0]?.accountId ?? null}
    />
  );
}

function EntryFormFields({
  entityId,
  reportId,
  accountId,
  sign,
  accounts,
  defaultDate,
  entry,
  otherAccountId,
  onDone,
}: EntryFormProps & { otherAccountId: string | null }) {
  const bookedOn = entry?.accountId ?? accountId;
  const options = againstAccountOptions(accounts, bookedOn);
  const form = useForm({
    resolver: zodResolver(entryFormSchema),
    mode: 'onChange',
    defaultValues: {
      name: entry?.name ?? '',
      memo: entry?.memo ?? '',
      date: entry?.date ?? defaultDate,
      amount: entry ? amountInputFromCents(entry.amount * sign) : EMPTY_AMOUNT_INPUT,
      againstId: defaultAgainstAccountId(accounts, options, otherAccountId, lastAgainstAccountId(entityId)),
    } satisfies EntryFormValues,
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const [serverError, setServerError] = useState<string | null>(null);
  const mutationOptions = { refetchQueries: REPORT_REFETCH_QUERIES, awaitRefetchQueries: true };
  const [createEntry] = useMutation(CREATE_USER_TRANSACTION_MUTATION, mutationOptions);
  const [updateEntry] = useMutation(UPDATE_USER_TRANSACTION_MUTATION, mutationOptions);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    const variables = {
      reportId,
      entityId,
      accountId: bookedOn,
      againstId: values.againstId,
      amount: amountFieldCents(values.amount) * sign,
      date: values.date,
      name: values.name,
      memo: values.memo,
    };
    try {
      if (entry) await updateEntry({ variables: { ...variables, id: entry.id } });
      else await createEntry({ variables });
      rememberAgainstAccount(entityId, values.againstId);
      onDone();
    } catch (failure) {
      setServerError(describeSaveError(failure));
    }
  });

  return (
    <DrawerFormFrame
      title={entry ? 'Edit Entry' : 'New Entry'}
      onSubmit={submit}
      onCancel={onDone}
      canSubmit={isValid}
      saving={isSubmitting}
      serverError={serverError}
    >
      <TextInput label="Name" {...form.register('name')} error={errors.name?.message} />
      <TextInput label="Memo" {...form.register('memo')} error={errors.memo?.message} />
      <TextInput label="Date" type="date" {...form.register('date')} error={errors.date?.message} />
      <AmountField control={form.control} name="amount" />
      <AgainstAccountField control={form.control} name="againstId" options={options} />
    </DrawerFormFrame>
  );
}
