import { useMutation, useQuery } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Center, Loader, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { REPORT_MUTATION_OPTIONS } from '../reportQuery';
import { amountFieldCents, amountFieldSchema } from './amountFieldSchema';
import { amountInputFromCents, EMPTY_AMOUNT_INPUT } from './amountInputValue';
import { DrawerFormFrame } from './DrawerFormFrame';
import { CREATE_USER_TRANSACTION_MUTATION, UPDATE_USER_TRANSACTION_MUTATION } from './drawerMutations';
import { ENTRY_WITH_TRANSACTION_QUERY } from './drawerQueries';
import { AgainstAccountField } from './formFields/AgainstAccountField';
import { AmountField } from './formFields/AmountField';
import type { DrawerFormProps } from './formFields/drawerFormProps';
import { drawerFormSchema } from './formFields/drawerFormSchema';
import { listAgainstAccounts } from './formFields/listAgainstAccounts';
import { NameAndMemoFields } from './formFields/NameAndMemoFields';
import { useDrawerFormSave } from './formFields/useDrawerFormSave';

const entryFormSchema = drawerFormSchema.extend({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is required'),
  amount: amountFieldSchema,
});

type EntryFormValues = z.input<typeof entryFormSchema>;

type EntryFormProps = DrawerFormProps & {
  defaultDate: string;
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
  const against = listAgainstAccounts(entityId, accounts, bookedOn, otherAccountId);
  const form = useForm({
    resolver: zodResolver(entryFormSchema),
    mode: 'onChange',
    defaultValues: {
      name: entry?.name ?? '',
      memo: entry?.memo ?? '',
      date: entry?.date ?? defaultDate,
      amount: entry ? amountInputFromCents(entry.amount * sign) : EMPTY_AMOUNT_INPUT,
      againstId: against.defaultId,
    } satisfies EntryFormValues,
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const { serverError, save } = useDrawerFormSave(entityId, onDone);
  const [createEntry] = useMutation(CREATE_USER_TRANSACTION_MUTATION, REPORT_MUTATION_OPTIONS);
  const [updateEntry] = useMutation(UPDATE_USER_TRANSACTION_MUTATION, REPORT_MUTATION_OPTIONS);

  const submit = form.handleSubmit((values) => {
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
    return save(values.againstId, () =>
      entry ? updateEntry({ variables: { ...variables, id: entry.id } }) : createEntry({ variables }),
    );
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
      <NameAndMemoFields register={form.register} errors={errors} />
      <TextInput label="Date" type="date" {...form.register('date')} error={errors.date?.message} />
      <AmountField control={form.control} name="amount" />
      <AgainstAccountField control={form.control} name="againstId" options={against.options} />
    </DrawerFormFrame>
  );
}
