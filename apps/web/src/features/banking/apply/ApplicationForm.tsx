import { useApolloClient } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  APPLICANT_EMAIL_MAX,
  APPLICANT_FIRST_NAME_MAX,
  APPLICANT_LAST_NAME_MAX,
  applicationFormSchema,
  CITY_MAX,
  EIN_LABEL,
  PRODUCT_NAME,
  SSN_LENGTH,
  STREET_LINE_MAX,
  type ApplicationForm as ValidApplication,
} from '@keel/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { Controller, type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { FormError } from '../../auth/FormError';
import { US_STATE_OPTIONS } from '../../settings/profile/usStateOptions';
import { CREATE_APPLICATION_MUTATION, type CreateApplicationResult } from '../bankingQueries';
import { readServerRefusal } from '../serverRefusal';
import {
  type ApplicationFormValues,
  applicationFieldOf,
  applicationVariables,
  einInput,
  emptyApplicationForm,
  POSTAL_CODE_LENGTH,
  zipCodeInput,
} from './applicationFormValues';

/** The EIN box's length as shown: 9 digits and the dash (XX-XXXXXXX). */
const EIN_SHOWN_LENGTH = 10;

export type ApplicationOutcome = CreateApplicationResult['createTprimeApplication'];

type ApplicationFormProps = {
  entityId: string;
  me: { name: string; email: string; phoneNumber: string | null };
  /** The server's today: no one is born after it. */
  today: string;
  /** An approved application, with the account it opened. */
  onApproved: (outcome: ApplicationOutcome) => void;
};

/**
 * The account application of /apply (spec §5 'Application form', §7 createTprimeApplication): the
 * applicant (first and last name, email, phone, date of birth, US citizen or resident, the SSN typed
 * into a masked box), the business's EIN (digits only, shown XX-XXXXXXX), their home address (ZIP code
 * digits only), and the agreements and disclosures, each checked on blur (then
 * as it is corrected) and on submit with the spec's messages (its 'aknowledge' kept). A declined application says why and keeps
 * the form; a refusal shows under the field the server names.
 */
export function ApplicationForm({ entityId, me, today, onApproved }: ApplicationFormProps) {
  const client = useApolloClient();
  const [alert, setAlert] = useState<string | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const form = useForm<ApplicationFormValues, unknown, ValidApplication>({
    // The checkboxes are booleans on screen; the schema accepts only true, with the spec's message.
    resolver: zodResolver(applicationFormSchema) as unknown as Resolver<
      ApplicationFormValues,
      unknown,
      ValidApplication
    >,
    defaultValues: emptyApplicationForm(me),
    // A field is first checked when it is left, then as it is corrected: a message that went away only
    // on the next blur would move the form under the click that caused it.
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const address = errors.address;

  const submit = form.handleSubmit(async (valid) => {
    setAlert(null);
    setDeclined(null);
    try {
      const { data } = await client.mutate({
        mutation: CREATE_APPLICATION_MUTATION,
        variables: applicationVariables(entityId, valid),
      });
      const outcome = data?.createTprimeApplication;
      if (!outcome) return;
      if (outcome.application.status === 'approved' && outcome.account) onApproved(outcome);
      else setDeclined(outcome.application.declineReason ?? 'The bank did not approve the application.');
    } catch (error) {
      const refusal = readServerRefusal(error, applicationFieldOf);
      if (refusal.field) {
        form.setError(refusal.field as FieldPath<ApplicationFormValues>, {
          type: 'server',
          message: refusal.message,
        });
      } else setAlert(refusal.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Account application">
      <Stack gap="md">
        {declined ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="We could not open your account"
            data-testid="application-declined"
            role="alert"
          >
            {declined}
          </Alert>
        ) : null}
        <Block title="The business" description="The company the account is for.">
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            <Controller
              control={form.control}
              name="ein"
              render={({ field }) => (
                <TextInput
                  label={EIN_LABEL}
                  withAsterisk
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="XX-XXXXXXX"
                  maxLength={EIN_SHOWN_LENGTH}
                  description="On the company's tax documents; it is stored encrypted."
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(einInput(event.currentTarget.value))}
                  onBlur={field.onBlur}
                  error={errors.ein?.message}
                />
              )}
            />
          </SimpleGrid>
        </Block>

        <Block title="About you" description="The person opening the account for the company.">
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            <TextInput
              label="First name"
              withAsterisk
              autoComplete="given-name"
              maxLength={APPLICANT_FIRST_NAME_MAX}
              {...form.register('firstName')}
              error={errors.firstName?.message}
            />
            <TextInput
              label="Last name"
              withAsterisk
              autoComplete="family-name"
              maxLength={APPLICANT_LAST_NAME_MAX}
              {...form.register('lastName')}
              error={errors.lastName?.message}
            />
            <TextInput
              label="Email"
              type="email"
              withAsterisk
              autoComplete="email"
              maxLength={APPLICANT_EMAIL_MAX}
              {...form.register('email')}
              error={errors.email?.message}
            />
            <TextInput
              label="Phone number"
              type="tel"
              withAsterisk
              autoComplete="tel"
              {...form.register('phoneNumber')}
              error={errors.phoneNumber?.message}
            />
            <TextInput
              label="Date of birth"
              type="date"
              withAsterisk
              autoComplete="bday"
              max={today}
              {...form.register('dateOfBirth')}
              error={errors.dateOfBirth?.message}
            />
            <PasswordInput
              label="Social security number"
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              placeholder="9 digits"
              maxLength={SSN_LENGTH}
              description="Only to verify who you are; it is stored encrypted."
              // Below the box, so it lines up with the date of birth beside it.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the SSN' }}
              {...form.register('tin')}
              error={errors.tin?.message}
            />
          </SimpleGrid>
          <Checkbox
            mt="sm"
            label="I am a US citizen or resident"
            {...form.register('citizen')}
            error={errors.citizen?.message}
          />
        </Block>

        <Block title="Home address" description="Where you live, in the United States.">
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            <TextInput
              label="Street line 1"
              withAsterisk
              autoComplete="address-line1"
              maxLength={STREET_LINE_MAX}
              {...form.register('address.streetLine1')}
              error={address?.streetLine1?.message ?? address?.message}
            />
            <TextInput
              label="Street line 2"
              autoComplete="address-line2"
              maxLength={STREET_LINE_MAX}
              {...form.register('address.streetLine2')}
              error={address?.streetLine2?.message}
            />
            <TextInput
              label="City"
              withAsterisk
              autoComplete="address-level2"
              maxLength={CITY_MAX}
              {...form.register('address.city')}
              error={address?.city?.message}
            />
            <SimpleGrid cols={2} spacing="sm">
              <Controller
                control={form.control}
                name="address.state"
                render={({ field }) => (
                  <Select
                    label="State"
                    withAsterisk
                    placeholder="Select a state"
                    data={US_STATE_OPTIONS as { value: string; label: string }[]}
                    searchable
                    autoComplete="address-level1"
                    ref={field.ref}
                    name={field.name}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={address?.state?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="address.postalCode"
                render={({ field }) => (
                  <TextInput
                    label="Zip code"
                    withAsterisk
                    inputMode="numeric"
                    autoComplete="postal-code"
                    maxLength={POSTAL_CODE_LENGTH}
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onChange={(event) => field.onChange(zipCodeInput(event.currentTarget.value))}
                    onBlur={field.onBlur}
                    error={address?.postalCode?.message}
                  />
                )}
              />
            </SimpleGrid>
          </SimpleGrid>
        </Block>

        <Block title="Agreements">
          <Checkbox
            label={
              <>
                I have read and agree to the{' '}
                <Anchor href="/legal/disclosures" target="_blank" rel="noopener" inherit>
                  deposit account agreement and disclosures
                </Anchor>{' '}
                and {PRODUCT_NAME}'s{' '}
                <Anchor href="/legal" target="_blank" rel="noopener" inherit>
                  terms, privacy policy and e-sign consent
                </Anchor>
                .
              </>
            }
            {...form.register('acknowledgedAgreements')}
            error={errors.acknowledgedAgreements?.message}
          />
        </Block>

        <FormError message={alert} />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={isSubmitting}>
            Open account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Block({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
      <Box mt="sm">{children}</Box>
    </Paper>
  );
}
