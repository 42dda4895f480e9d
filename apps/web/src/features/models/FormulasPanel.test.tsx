import type { FormulaSegment } from '@keel/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FormulasPanel } from './FormulasPanel';
import type { ModelVariable } from './modelQueries';

const formula = (segments: FormulaSegment[]): ModelVariable => ({
  id: 'f1',
  name: 'Cost',
  group: 'formulas',
  inputType: 'number',
  decimalPlaces: 0,
  description: '',
  value: null,
  accountId: null,
  problem: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  amounts: [],
  segments,
  values: [],
});

const whole: FormulaSegment = {
  formula: '1',
  startMonth: null,
  startType: 'auto',
  endMonth: null,
  endType: 'auto',
};

function renderPanel(segments: FormulaSegment[], modelStart: string, modelEnd: string) {
  const onChange = vi.fn();
  renderWithProviders(
    <FormulasPanel
      formulas={[formula(segments)]}
      variables={[]}
      modelStart={modelStart}
      modelEnd={modelEnd}
      currentMonth="2026-11"
      canEdit
      onAdd={() => undefined}
      onChange={onChange}
      onDelete={() => undefined}
    />,
  );
  return onChange;
}

/** Dialogs with transitions take a few seconds in jsdom on a busy machine. */
const DIALOG_TIMEOUT = 20_000;

afterEach(cleanup);

describe('FormulasPanel Add Segment', () => {
  it(
    'proposes the first free month of a model that starts later, not this month, and saves it as proposed',
    async () => {
      const onChange = renderPanel([whole], '2027-01', '2028-12');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Add Segment' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Segment' });
      // The auto start is the model start (Jan 2027), so the first free month is Feb 2027.
      expect(within(dialog).getByRole('button', { name: 'Segment Start Month' })).toHaveTextContent(
        'Feb 2027',
      );
      expect(within(dialog).getByRole('button', { name: 'Segment End Month' })).toHaveTextContent('Feb 2029');
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange.mock.calls[0]?.[1]).toMatchObject({
        segments: [
          { startMonth: '2027-01', endMonth: '2027-01' },
          { startMonth: '2027-02', endMonth: '2029-02' },
        ],
      });
    },
    DIALOG_TIMEOUT,
  );

  it('is disabled with the reason when every month of the model is taken', async () => {
    renderPanel(
      [{ formula: '1', startMonth: '2027-01', startType: 'month', endMonth: '2028-12', endType: 'month' }],
      '2027-01',
      '2028-12',
    );
    const button = screen.getByRole('button', { name: 'Add Segment' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(
      'Every month of the model is already taken by a segment: remove one to add another',
    );
    await userEvent.setup().click(button);
    expect(screen.queryByRole('dialog', { name: 'Add Segment' })).toBeNull();
  });
});
