import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AVERAGE_MONTHS_MAX,
  AVERAGE_MONTHS_MIN,
  averageMonthsSchema,
  DEFAULT_FORECAST_RECURRENCE,
  FORECAST_CALCULATION_TYPES,
  FORECAST_RECURRENCES,
  forecastPercentSchema,
  MONTH_NAMES,
  type MonthKey,
  PERCENTAGE_DECIMALS,
  PERCENTAGE_MAX,
  PERCENTAGE_MIN,
  parseMonthKey,
  toMonthKey,
} from '@keel/domain';
import { Group, NumberInput, Select } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { REPORT_MUTATION_OPTIONS } from '../reportQuery';
import { AverageWorking } from './AverageWorking';
import { amountFieldCents, amountFieldSchema } from './amountFieldSchema';
import { amountInputFromCents, EMPTY_AMOUNT_INPUT } from './amountInputValue';
import { DrawerFormFrame } from './DrawerFormFrame';
import { CREATE_FORECAST_MUTATION, UPDATE_FORECAST_MUTATION } from './drawerMutations';
import { AgainstAccountField } from './formFields/AgainstAccountField';
import { AmountField } from './formFields/AmountField';
import type { DrawerFormProps } from './formFields/drawerFormProps';
import { drawerFormSchema } from './formFields/drawerFormSchema';
import { listAgainstAccounts } from './formFields/listAgainstAccounts';
import { NameAndMemoFields } from './formFields/NameAndMemoFields';
import { useDrawerFormSave } from './formFields/useDrawerFormSave';
import { PercentageWorking } from './PercentageWorking';
import { percentageSourceOptions } from './percentageSourceOptions';

const MONTH_OPTIONS = MONTH_NAMES.map((label, index) => ({ value: String(index + 1), label }));

const RECURRENCE_LABELS: Record<(typeof FORECAST_RECURRENCES)[number], string> = {
  none: 'None',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annually: 'Annually',
};

const CALCULATION_LABELS: Record<(typeof FORECAST_CALCULATION_TYPES)[number], string> = {
  fixed: 'Fixed amount',
  average: 'Average of last months',
  percentage: 'Percentage of another line',
};

const forecastFormSchema = drawerFormSchema
  .extend({
    calculationType: z.enum(FORECAST_CALCULATION_TYPES),
    amount: z.object({ text: z.string(), negative: z.boolean() }),
    averageMonths: z.union([z.number(), z.string()]),
    sourceAccountId: z.string(),
    percent: z.union([z.number(), z.string()]),
    startMonth: z.string().min(1, 'Month is required'),
    startYear: z.string().min(1, 'Year is required'),
    recurring: z.enum(FORECAST_RECURRENCES),
  })
  .superRefine((values, context) => {
    // Only the figure the calculation uses is checked: a fixed amount, or the months to average.
    if (values.calculationType === 'fixed') {
      const amount = amountFieldSchema.safeParse(values.amount);
      if (!amount.success) {
        context.addIssue({
          code: 'custom',
          path: ['amount'],
          message: amount.error.issues[0]?.message ?? '',
        });
      }
    } else if (values.calculationType === 'percentage') {
      if (!values.sourceAccountId) {
        context.addIssue({
          code: 'custom',
          path: ['sourceAccountId'],
          message: 'Choose the line it is a share of',
        });
      }
      const typed = typeof values.percent === 'string' ? values.percent.trim() : values.percent;
      const percent = forecastPercentSchema.safeParse(typed === '' ? undefined : Number(typed));
      if (!percent.success) {
        context.addIssue({
          code: 'custom',
          path: ['percent'],
          message: percent.error.issues[0]?.message ?? '',
        });
      }
    } else {
      const months = averageMonthsSchema.safeParse(values.averageMonths);
      if (!months.success) {
        context.addIssue({
          code: 'custom',
          path: ['averageMonths'],
          message: months.error.issues[0]?.message ?? '',
        });
      }
    }
  });

type ForecastFormValues = z.input<typeof forecastFormSchema>;

type ForecastFormProps = DrawerFormProps & {
  defaultMonth: MonthKey;
  currentMonth: MonthKey;
};

/**
 * The Forecast form (future months): Name, Memo, Amount (whole units per occurrence, at most 2
 * decimals), the average of the last N actual months, or a percent of another report line each month
 * (with its working), start month and year, recurrence and the account it is booked against. Saved with CreateForecast / UpdateForecast (budgetId = the forecast).
 * An occurrence may be the forecast's against side; the form always speaks for the entry's account.
 */
export function ForecastForm({
  entityId,
  reportId,
  accountId,
  sign,
  accounts,
  defaultMonth,
  currentMonth,
  entry,
  onDone,
}: ForecastFormProps) {
  const forecast = entry?.refTransaction ?? null;
  const bookedOn = entry?.accountId ?? accountId;
  const onForecastSide = !forecast || forecast.accountId === bookedOn;
  const otherAccountId = forecast ? (onForecastSide ? forecast.againstId : forecast.accountId) : null;
  const against = listAgainstAccounts(entityId, accounts, bookedOn, otherAccountId);
  const start = parseMonthKey(forecast?.startDate ?? defaultMonth);
  const form = useForm({
    resolver: zodResolver(forecastFormSchema),
    mode: 'onChange',
    defaultValues: {
      name: forecast?.name ?? '',
      memo: forecast?.memo ?? '',
      calculationType: forecast?.calculationType ?? 'fixed',
      amount: forecast
        ? amountInputFromCents((onForecastSide ? forecast.amountCents : -forecast.amountCents) * sign)
        : EMPTY_AMOUNT_INPUT,
      averageMonths: forecast?.averageMonths ?? 3,
      sourceAccountId: forecast?.sourceAccountId ?? '',
      percent: forecast?.percent ?? '',
      startMonth: String(start.month),
      startYear: String(start.year),
      recurring: forecast?.recurring ?? DEFAULT_FORECAST_RECURRENCE,
      againstId: against.defaultId,
    } satisfies ForecastFormValues,
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const calculationType = form.watch('calculationType');
  const [averageMonths, startMonth, startYear] = form.watch(['averageMonths', 'startMonth', 'startYear']);
  const [sourceAccountId, percent, recurring] = form.watch(['sourceAccountId', 'percent', 'recurring']);
  const sources = percentageSourceOptions(accounts, bookedOn);
  const { serverError, save } = useDrawerFormSave(entityId, onDone);
  const [createForecast] = useMutation(CREATE_FORECAST_MUTATION, REPORT_MUTATION_OPTIONS);
  const [updateForecast] = useMutation(UPDATE_FORECAST_MUTATION, REPORT_MUTATION_OPTIONS);
  const currentYear = parseMonthKey(currentMonth).year;
  const yearOptions = Array.from({ length: 12 }, (_, offset) => String(currentYear - 1 + offset));
  if (!yearOptions.includes(String(start.year))) yearOptions.unshift(String(start.year));

  const submit = form.handleSubmit((values) => {
    const fixed = values.calculationType === 'fixed';
    const share = values.calculationType === 'percentage';
    const variables = {
      reportId,
      entityId,
      accountId: bookedOn,
      againstId: values.againstId,
      // Units: whole dollars with at most 2 decimals, debit-positive on accountId.
      amount: fixed ? (amountFieldCents(values.amount) * sign) / 100 : null,
      averageMonths: values.calculationType === 'average' ? Number(values.averageMonths) : null,
      calculationType: values.calculationType,
      sourceAccountId: share ? values.sourceAccountId : null,
      percent: share ? Number(values.percent) : null,
      date: toMonthKey(Number(values.startYear), Number(values.startMonth)),
      name: values.name,
      memo: values.memo,
      recurring: values.recurring,
    };
    return save(values.againstId, () =>
      forecast
        ? updateForecast({ variables: { ...variables, budgetId: forecast.id } })
        : createForecast({ variables }),
    );
  });

  return (
    <DrawerFormFrame
      title={forecast ? 'Edit Forecast' : 'New Forecast'}
      onSubmit={submit}
      onCancel={onDone}
      canSubmit={isValid}
      saving={isSubmitting}
      serverError={serverError}
    >
      <NameAndMemoFields register={form.register} errors={errors} />
      <Controller
        control={form.control}
        name="calculationType"
        render={({ field }) => (
          <Select
            label="Calculation"
            data={FORECAST_CALCULATION_TYPES.map((value) => ({ value, label: CALCULATION_LABELS[value] }))}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            allowDeselect={false}
          />
        )}
      />
      {calculationType === 'fixed' ? (
        <AmountField control={form.control} name="amount" />
      ) : calculationType === 'percentage' ? (
        <>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <Controller
              control={form.control}
              name="percent"
              render={({ field, fieldState }) => (
                <NumberInput
                  label="Percent"
                  suffix="%"
                  min={PERCENTAGE_MIN}
                  max={PERCENTAGE_MAX}
                  decimalScale={PERCENTAGE_DECIMALS}
                  clampBehavior="none"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  style={{ flex: '0 0 7rem' }}
                />
              )}
            />
            <Controller
              control={form.control}
              name="sourceAccountId"
              render={({ field, fieldState }) => (
                <Select
                  label="Of line"
                  placeholder="Choose a line"
                  searchable
                  data={sources}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  comboboxProps={{ withinPortal: true }}
                  style={{ flex: 1, minWidth: 0 }}
                />
              )}
            />
          </Group>
          <PercentageWorking
            entityId={entityId}
            accountId={bookedOn}
            sourceAccountId={sourceAccountId}
            percent={Number(percent)}
            startMonth={toMonthKey(Number(startYear), Number(startMonth))}
            recurring={recurring}
            budgetId={forecast?.id ?? null}
          />
        </>
      ) : (
        <>
          <Controller
            control={form.control}
            name="averageMonths"
            render={({ field, fieldState }) => (
              <NumberInput
                label="Months to average"
                min={AVERAGE_MONTHS_MIN}
                max={AVERAGE_MONTHS_MAX}
                allowDecimal={false}
                allowNegative={false}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <AverageWorking
            entityId={entityId}
            accountId={bookedOn}
            startMonth={toMonthKey(Number(startYear), Number(startMonth))}
            averageMonths={Number(averageMonths)}
          />
        </>
      )}
      <Group grow gap="xs" align="flex-start">
        <Controller
          control={form.control}
          name="startMonth"
          render={({ field, fieldState }) => (
            <Select
              label="Start month"
              data={MONTH_OPTIONS}
              value={field.value}
              onChange={(value) => field.onChange(value ?? '')}
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="startYear"
          render={({ field, fieldState }) => (
            <Select
              label="Start year"
              data={yearOptions}
              value={field.value}
              onChange={(value) => field.onChange(value ?? '')}
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
      </Group>
      <Controller
        control={form.control}
        name="recurring"
        render={({ field }) => (
          <Select
            label="Recurrence"
            data={FORECAST_RECURRENCES.map((value) => ({ value, label: RECURRENCE_LABELS[value] }))}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            allowDeselect={false}
          />
        )}
      />
      <AgainstAccountField control={form.control} name="againstId" options={against.options} />
    </DrawerFormFrame>
  );
}
