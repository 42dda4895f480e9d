import {
  benefitsPercentSchema,
  computeHiringPlanCosts,
  employerTaxPercentSchema,
  formatCents,
  hiringForecastMonths,
  type MonthKey,
  unitsToCents,
} from '@keel/domain';
import { formatPlanMonth } from './hiringFormat';
import type { HiringJobPosition, HiringSettingsData } from './hiringQueries';

/**
 * The Costs tab's form: the accounts of the plan's four cost lines and the two rates as typed (a
 * percent input holds a number, or '' while empty).
 */
export type SettingsDraft = {
  salariesAccountId: string | null;
  contractorsAccountId: string | null;
  taxesAccountId: string | null;
  benefitsAccountId: string | null;
  employerTaxPercent: number | string;
  benefitsPercent: number | string;
};

type SettingsField = keyof SettingsDraft;

/**
 * What UpdateHiringSettings is sent: only the fields that changed (an absent one stays as it is). A
 * taxes or benefits account of null clears it: that line goes onto the salaries account.
 */
export type SettingsChanges = {
  salariesAccountId?: string;
  contractorsAccountId?: string;
  taxesAccountId?: string | null;
  benefitsAccountId?: string | null;
  employerTaxPercent?: number;
  benefitsPercent?: number;
};

/** Each field as a person reads it, in the form's order (a refusal's toast names what was not saved). */
export const SETTINGS_FIELD_LABELS: Record<SettingsField, string> = {
  salariesAccountId: 'Salaries account',
  contractorsAccountId: 'Contractors account',
  taxesAccountId: 'Employer taxes account',
  benefitsAccountId: 'Benefits account',
  employerTaxPercent: 'Employer tax percent',
  benefitsPercent: 'Benefits percent',
};

const ACCOUNT_FIELDS = [
  'salariesAccountId',
  'contractorsAccountId',
  'taxesAccountId',
  'benefitsAccountId',
] as const;
const PERCENT_SCHEMAS = {
  employerTaxPercent: employerTaxPercentSchema,
  benefitsPercent: benefitsPercentSchema,
} as const;
type PercentField = keyof typeof PERCENT_SCHEMAS;

export function draftOfSettings(settings: HiringSettingsData): SettingsDraft {
  return {
    salariesAccountId: settings.salariesAccount?.id ?? null,
    contractorsAccountId: settings.contractorsAccount?.id ?? null,
    taxesAccountId: settings.taxesAccount?.id ?? null,
    benefitsAccountId: settings.benefitsAccount?.id ?? null,
    employerTaxPercent: settings.employerTaxPercent,
    benefitsPercent: settings.benefitsPercent,
  };
}

/**
 * A rate as typed, in basis points (7.65% is 765), checked by the server's own rule (0 to 100, at most
 * 2 decimals); the rule's message when it breaks it.
 */
function parseSettingsPercent(
  field: PercentField,
  typed: number | string,
): { ok: true; basisPoints: number } | { ok: false; error: string } {
  const parsed = PERCENT_SCHEMAS[field].safeParse(typed);
  if (parsed.success) return { ok: true, basisPoints: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'Not a percent' };
}

/** What is wrong with the draft, by field (nothing: it may be saved). */
export function findSettingsProblems(draft: SettingsDraft): Partial<Record<PercentField, string>> {
  const problems: Partial<Record<PercentField, string>> = {};
  for (const field of ['employerTaxPercent', 'benefitsPercent'] as const) {
    const parsed = parseSettingsPercent(field, draft[field]);
    if (!parsed.ok) problems[field] = parsed.error;
  }
  return problems;
}

/**
 * The fields of `draft` that differ from `saved`, as UpdateHiringSettings takes them. Rates compare as
 * basis points (7.6 and 7.60 are the same); a rate that does not parse is left out (the form does not
 * save while one does not). The salaries and contractors accounts cannot be cleared (the server keeps
 * them on null), so a null there is no change.
 */
export function settingsChanges(saved: SettingsDraft, draft: SettingsDraft): SettingsChanges {
  const changes: SettingsChanges = {};
  if (draft.salariesAccountId !== null && draft.salariesAccountId !== saved.salariesAccountId) {
    changes.salariesAccountId = draft.salariesAccountId;
  }
  if (draft.contractorsAccountId !== null && draft.contractorsAccountId !== saved.contractorsAccountId) {
    changes.contractorsAccountId = draft.contractorsAccountId;
  }
  if (draft.taxesAccountId !== saved.taxesAccountId) changes.taxesAccountId = draft.taxesAccountId;
  if (draft.benefitsAccountId !== saved.benefitsAccountId)
    changes.benefitsAccountId = draft.benefitsAccountId;
  for (const field of ['employerTaxPercent', 'benefitsPercent'] as const) {
    const typed = parseSettingsPercent(field, draft[field]);
    const before = parseSettingsPercent(field, saved[field]);
    if (typed.ok && (!before.ok || typed.basisPoints !== before.basisPoints)) {
      changes[field] = typed.basisPoints / 100;
    }
  }
  return changes;
}

/** The toast title of a refused save: 'Not saved: Employer tax percent, Benefits account'. */
export function describeUnsavedSettings(changes: SettingsChanges): string {
  const order: readonly SettingsField[] = [...ACCOUNT_FIELDS, 'employerTaxPercent', 'benefitsPercent'];
  const names = order.filter((field) => field in changes).map((field) => SETTINGS_FIELD_LABELS[field]);
  return `Not saved: ${names.join(', ') || 'Hiring plan settings'}`;
}

/** '7.65%', '5%'. */
function formatBasisPoints(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

/**
 * The Costs tab's working: the two rates, and from when and for how long the plan writes its lines,
 * e.g. 'Employer taxes: 7.65% of salaries, Benefits: 5.29% of salaries, written to the report from
 * Nov 2026 for 60 months'. A rate that does not parse shows as '…%'.
 */
export function describeSettingsWorking(draft: SettingsDraft, currentMonth: MonthKey): string {
  const rate = (field: PercentField) => {
    const parsed = parseSettingsPercent(field, draft[field]);
    return parsed.ok ? formatBasisPoints(parsed.basisPoints) : '…%';
  };
  const months = hiringForecastMonths(currentMonth).length;
  return (
    `Employer taxes: ${rate('employerTaxPercent')} of salaries, Benefits: ${rate('benefitsPercent')} of ` +
    `salaries, written to the report from ${formatPlanMonth(currentMonth)} for ${months} months`
  );
}

/**
 * This month's lines of the plan at the draft's rates (computeHiringPlanCosts, as the server writes
 * them), e.g. 'Nov 2026: Salaries $250,000.00 → Employer taxes $19,125.00, Benefits $13,225.00,
 * Contractors $7,600.00'; null while a rate does not parse.
 */
export function describeMonthCost(
  draft: SettingsDraft,
  positions: readonly HiringJobPosition[],
  currentMonth: MonthKey,
): string | null {
  const taxes = parseSettingsPercent('employerTaxPercent', draft.employerTaxPercent);
  const benefits = parseSettingsPercent('benefitsPercent', draft.benefitsPercent);
  if (!taxes.ok || !benefits.ok) return null;
  const pay = positions.map((position) => ({
    quantity: position.quantity,
    salaryCents: position.salary == null ? null : unitsToCents(position.salary),
    rateCents: position.rate == null ? null : unitsToCents(position.rate),
    hours: position.hours ?? null,
    startMonth: position.startDate,
    endMonth: position.endDate ?? null,
  }));
  const [cost] = computeHiringPlanCosts(pay, [currentMonth], {
    employerTaxBasisPoints: taxes.basisPoints,
    benefitsBasisPoints: benefits.basisPoints,
  });
  if (!cost) return null;
  return (
    `${formatPlanMonth(currentMonth)}: Salaries ${formatCents(cost.salaries)} → Employer taxes ` +
    `${formatCents(cost.employerTaxes)}, Benefits ${formatCents(cost.benefits)}; Contractors ` +
    `${formatCents(cost.contractors)}`
  );
}
