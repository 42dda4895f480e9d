import { describe, expect, it } from 'vitest';
import type { HiringJobPosition, HiringSettingsData } from './hiringQueries';
import {
  describeMonthCost,
  describeSettingsWorking,
  describeUnsavedSettings,
  draftOfSettings,
  findSettingsProblems,
  settingsChanges,
} from './settingsDraft';

const account = (id: string, name: string) => ({ __typename: 'Account' as const, id, name });

const settings: HiringSettingsData = {
  __typename: 'HiringSettings',
  entityId: 'e1',
  employerTaxPercent: 7.65,
  benefitsPercent: 5.29,
  salariesAccount: account('a1', 'Salaries'),
  contractorsAccount: account('a2', 'Contractors'),
  taxesAccount: account('a3', 'Payroll Taxes'),
  benefitsAccount: null,
} as HiringSettingsData;

const saved = draftOfSettings(settings);

const position = (pay: Partial<HiringJobPosition>): HiringJobPosition =>
  ({
    id: 'j1',
    departmentId: 'd1',
    position: 0,
    jobTitleId: 't1',
    employeeId: null,
    quantity: 1,
    salary: null,
    rate: null,
    hours: null,
    startDate: '2026-01',
    endDate: null,
    kind: 'employee',
    ...pay,
  }) as HiringJobPosition;

describe('settingsChanges', () => {
  it('sends nothing when nothing changed, whatever the way a rate is typed', () => {
    expect(settingsChanges(saved, saved)).toEqual({});
    expect(settingsChanges(saved, { ...saved, employerTaxPercent: '7.650' })).toEqual({});
  });

  it('sends only the fields that changed', () => {
    expect(settingsChanges(saved, { ...saved, employerTaxPercent: 8, benefitsAccountId: 'a4' })).toEqual({
      employerTaxPercent: 8,
      benefitsAccountId: 'a4',
    });
  });

  it('clears the taxes account with null (onto the salaries account)', () => {
    expect(settingsChanges(saved, { ...saved, taxesAccountId: null })).toEqual({ taxesAccountId: null });
  });

  it('never clears the salaries or contractors account', () => {
    expect(settingsChanges(saved, { ...saved, salariesAccountId: null, contractorsAccountId: null })).toEqual(
      {},
    );
  });

  it('leaves out a rate that does not parse', () => {
    expect(settingsChanges(saved, { ...saved, benefitsPercent: '' })).toEqual({});
  });
});

describe('findSettingsProblems', () => {
  it('holds the rates to 0–100 with 2 decimals, as the server does', () => {
    expect(findSettingsProblems(saved)).toEqual({});
    expect(findSettingsProblems({ ...saved, employerTaxPercent: 101, benefitsPercent: '' })).toEqual({
      employerTaxPercent: 'Employer tax percent must be between 0 and 100',
      benefitsPercent: 'Benefits percent must be a number',
    });
    expect(findSettingsProblems({ ...saved, benefitsPercent: 1.234 }).benefitsPercent).toBe(
      'Benefits percent can have at most 2 decimals',
    );
  });
});

describe('describeUnsavedSettings', () => {
  it('names what was not saved, in the form’s order', () => {
    expect(describeUnsavedSettings({ benefitsPercent: 5, taxesAccountId: null })).toBe(
      'Not saved: Employer taxes account, Benefits percent',
    );
  });
});

describe('the working', () => {
  it('states the rates and the months', () => {
    expect(describeSettingsWorking(saved, '2026-11')).toBe(
      'Employer taxes: 7.65% of salaries, Benefits: 5.29% of salaries, written to the report from Nov 2026 for 60 months',
    );
    expect(describeSettingsWorking({ ...saved, benefitsPercent: '' }, '2026-11')).toContain(
      'Benefits: …% of salaries',
    );
  });

  it('works out this month’s lines at the draft’s rates (contractors carry no taxes)', () => {
    const positions = [
      position({ salary: 120_000 }),
      position({ id: 'j2', kind: 'contractor', rate: 95, hours: 80 }),
      position({ id: 'j3', salary: 60_000, startDate: '2027-01' }),
    ];
    expect(describeMonthCost({ ...saved, employerTaxPercent: 10 }, positions, '2026-11')).toBe(
      'Nov 2026: Salaries $10,000.00 → Employer taxes $1,000.00, Benefits $529.00; Contractors $7,600.00',
    );
    expect(describeMonthCost({ ...saved, employerTaxPercent: '' }, positions, '2026-11')).toBeNull();
  });
});
