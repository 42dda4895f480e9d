import { randomUUID } from 'node:crypto';
import { APPLICANT_PERSON_FIELDS, applicationFormSchema, checkApplicantAge } from '@keel/domain';
import { and, eq, sql } from 'drizzle-orm';
import { bankApplications, entities } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { fieldOfIssue } from '../../graphql/parseInput';
import type { EmailProvider } from '../../providers';
import { entityToday } from '../entities/timeZone';
import { accountOpenedEmail } from './applicationEmails';
import type { BankingDeps } from './bankingDeps';
import { BANKING_MESSAGES, bankingRefusal } from './bankingErrors';
import { type DepositAccountRow, openDepositAccount } from './depositAccounts';
import { einSealContext } from './documentsHolder';

export type BankApplicationRow = typeof bankApplications.$inferSelect;

/** The person fields of createTprimeApplication (the address and the agreements are arguments of their own). */
const PERSON_FIELDS = new Set<string>(APPLICANT_PERSON_FIELDS);

type ApplicationInput = {
  entityId: string;
  userId: string;
  acknowledgedAgreements: unknown;
  person: Record<string, unknown>;
  address: unknown;
};

type ApplicationOutcome = { application: BankApplicationRow; account: DepositAccountRow | null };

/** Who is told an approved application opened the account: the applicant, by email (absent: no one, as in the demo). */
type ApplicationNotice = { email?: EmailProvider; appUrl?: string | undefined };

/**
 * createTprimeApplication (/apply, spec §5 'Application form'): the form's rules and messages (the
 * domain's applicationFormSchema; a refusal is BAD_USER_INPUT naming 'person.tin', 'address.city',
 * 'acknowledgedAgreements', …), an adult applicant, then the bank's review. An approved application
 * opens the company's first checking account at once; a declined one is kept with the bank's reason
 * and opens nothing. One approved application per company (a second is refused). The SSN and the
 * business's EIN ('person.ein') are sealed before they are stored; only their last 4 digits are kept in
 * clear. An approval emails the applicant that the account is open, after the transaction commits
 * (never for a rolled-back one); the applicant's age is checked against the company's today.
 */
export async function applyForAccount(
  deps: BankingDeps & ApplicationNotice,
  input: ApplicationInput,
): Promise<ApplicationOutcome> {
  const parsed = applicationFormSchema.safeParse({
    acknowledgedAgreements: input.acknowledgedAgreements,
    ...input.person,
    address: input.address,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? fieldOfIssue(issue) : undefined;
    const head = field?.split('.')[0] ?? '';
    throw bankingRefusal(
      issue?.message ?? 'Invalid input',
      field && PERSON_FIELDS.has(head) ? `person.${field}` : field,
    );
  }
  const form = parsed.data;
  const { today } = await entityToday(deps.db, deps.clock, input.entityId);
  const tooYoung = checkApplicantAge(form.dateOfBirth, today);
  if (tooYoung) throw bankingRefusal(tooYoung, 'person.dateOfBirth');
  const outcome = await writeTransaction(deps.db, async (tx) => {
    // One application at a time per company: the check below and the insert are one step.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext('keel:bank-application'), hashtext(${input.entityId}))`,
    );
    const [approved] = await tx
      .select({ id: bankApplications.id })
      .from(bankApplications)
      .where(and(eq(bankApplications.entityId, input.entityId), eq(bankApplications.status, 'approved')));
    if (approved) throw bankingRefusal(BANKING_MESSAGES.alreadyApproved);
    const decision = await deps.banking.reviewApplication(form);
    const now = deps.clock.now();
    const id = randomUUID();
    const [application] = await tx
      .insert(bankApplications)
      .values({
        id,
        entityId: input.entityId,
        provider: deps.banking.kind,
        status: decision.approved ? 'approved' : 'declined',
        declineReason: decision.approved ? null : decision.reason,
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email,
        phoneNumber: form.phoneNumber,
        dateOfBirth: form.dateOfBirth,
        tinSealed: deps.secrets.seal(form.tin, `bank_application_tin:${id}`),
        tinLast4: form.tin.slice(-4),
        einSealed: deps.secrets.seal(form.ein, einSealContext(id)),
        einLast4: form.ein.slice(-4),
        address: form.address,
        providerEntityId: decision.approved ? decision.providerEntityId : null,
        createdBy: input.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!application) throw new Error('Application insert returned nothing');
    const account = decision.approved
      ? await openDepositAccount(tx, deps.clock, deps.banking, {
          entityId: input.entityId,
          applicationId: application.id,
          providerEntityId: decision.providerEntityId,
          openedOn: today,
        })
      : null;
    return { application, account };
  });
  if (outcome.account && deps.email) await sendAccountOpenedEmail(deps, outcome.application, outcome.account);
  return outcome;
}

/** The approval email to the applicant (the form's email), naming the company and the account opened. */
async function sendAccountOpenedEmail(
  deps: BankingDeps & ApplicationNotice,
  application: BankApplicationRow,
  account: DepositAccountRow,
): Promise<void> {
  const [entity] = await deps.db
    .select({ name: entities.name })
    .from(entities)
    .where(eq(entities.id, application.entityId));
  await deps.email?.send(
    accountOpenedEmail({
      to: application.email,
      firstName: application.firstName,
      companyName: entity?.name ?? 'Your company',
      account,
      appUrl: deps.appUrl,
    }),
  );
}
