import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { InputsPanel } from './InputsPanel';
import type { ModelVariable } from './modelQueries';

const input = (inputType: ModelVariable['inputType'], value: string | null): ModelVariable => ({
  id: 'v1',
  name: 'Growth',
  group: 'inputs',
  inputType,
  decimalPlaces: 1,
  description: '',
  value,
  accountId: null,
  problem: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  amounts: [],
  segments: [],
  values: [],
});

function renderPanel(variable: ModelVariable, onChange = vi.fn(async (): Promise<unknown> => ({}))) {
  renderWithProviders(
    <InputsPanel
      inputs={[variable]}
      accounts={[]}
      canEdit
      onAdd={() => undefined}
      onChange={onChange}
      onDelete={() => undefined}
    />,
  );
  return onChange;
}

async function openConvertType() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Options for Growth' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Convert type' }));
  await screen.findByRole('menuitem', { name: /^Number/ });
}

/** Menus and dialogs with transitions take a few seconds in jsdom on a busy machine. */
const MENU_AND_DIALOG_TIMEOUT = 20_000;

describe('InputsPanel Convert type', () => {
  it(
    'offers Number for a percentage, and Currency and Month disabled with the reason while it holds a value; all when empty',
    async () => {
      const onChange = renderPanel(input('percent', '0.05'));
      await openConvertType();
      const currency = screen.getByRole('menuitem', { name: /^Currency/ });
      expect(currency).toBeDisabled();
      expect(currency).toHaveTextContent(
        'A share is not an amount of money: clear the value first, or add a new Currency input.',
      );
      expect(screen.getByRole('menuitem', { name: /^Month/ })).toBeDisabled();
      fireEvent.click(screen.getByRole('menuitem', { name: /^Number/ }));
      expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'v1' }), { inputType: 'number' });

      // An empty input loses nothing: every type is offered.
      cleanup();
      renderPanel(input('percent', null));
      await openConvertType();
      expect(screen.getByRole('menuitem', { name: 'Currency' })).toBeEnabled();
      expect(screen.getByRole('menuitem', { name: 'Month' })).toBeEnabled();
    },
    MENU_AND_DIALOG_TIMEOUT,
  );
});

describe('InputsPanel value', () => {
  it(
    'puts the saved value back when a change is not saved (refused, or a large change cancelled)',
    async () => {
      const onChange = renderPanel(
        input('percent', '0.05'),
        vi.fn(async () => null),
      );
      const box = () => screen.getByRole('textbox', { name: 'Growth value' });
      expect(box()).toHaveValue('5%');
      fireEvent.change(box(), { target: { value: '50' } });
      fireEvent.keyDown(box(), { key: 'Enter' });
      fireEvent.blur(box());
      await waitFor(() => expect(box()).toHaveValue('5%'));
      // Enter and the blur that follows it send the change once.
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'v1' }), { value: '50' });

      // The same value typed again is sent again (the field does not remember the value it reported).
      fireEvent.change(box(), { target: { value: '50' } });
      fireEvent.keyDown(box(), { key: 'Enter' });
      await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
      expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'v1' }), { value: '50' });
    },
    MENU_AND_DIALOG_TIMEOUT,
  );
});
