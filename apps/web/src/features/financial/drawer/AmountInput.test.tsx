import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { AmountInput } from './AmountInput';
import { type AmountInputValue, amountInputCents, EMPTY_AMOUNT_INPUT } from './amountInputValue';

function Harness({ initial = EMPTY_AMOUNT_INPUT }: { initial?: AmountInputValue }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AmountInput label="Amount" value={value} onChange={setValue} />
      <output data-testid="cents">{String(amountInputCents(value))}</output>
    </>
  );
}

function setup(initial?: AmountInputValue) {
  renderWithProviders(<Harness initial={initial} />);
  return { input: screen.getByLabelText('Amount') as HTMLInputElement, user: userEvent.setup() };
}

describe('AmountInput', () => {
  it('refuses letters', async () => {
    const { input, user } = setup();
    await user.type(input, '1a2b');
    expect(input).toHaveValue('12');
    expect(screen.getByTestId('cents')).toHaveTextContent('1200');
  });

  it('refuses a second decimal point and a third decimal', async () => {
    const { input, user } = setup();
    await user.type(input, '12.3.45');
    expect(input).toHaveValue('12.34');
    expect(screen.getByTestId('cents')).toHaveTextContent('1234');
  });

  it('shows thousands separators while typing', async () => {
    const { input, user } = setup();
    await user.type(input, '1234567.8');
    expect(input).toHaveValue('1,234,567.8');
    expect(screen.getByTestId('cents')).toHaveTextContent('123456780');
  });

  it('stops at 23 characters', async () => {
    const { input, user } = setup();
    await user.type(input, '1234567890123456789');
    expect(input).toHaveValue('123,456,789,012,345,678');
    expect(input.value).toHaveLength(23);
  });

  it("flips the sign on '-' and shows the sign icon instead of the character", async () => {
    const { input, user } = setup();
    const sign = screen.getByTestId('amount-sign');
    expect(sign).toHaveAttribute('data-sign', 'positive');
    await user.type(input, '12-');
    expect(input).toHaveValue('12');
    expect(sign).toHaveAttribute('data-sign', 'negative');
    expect(sign.querySelector('.tabler-icon-minus')).not.toBeNull();
    expect(screen.getByTestId('cents')).toHaveTextContent('-1200');
    await user.type(input, '.5-');
    expect(input).toHaveValue('12.5');
    expect(sign).toHaveAttribute('data-sign', 'positive');
    expect(sign.querySelector('.tabler-icon-plus')).not.toBeNull();
    expect(screen.getByTestId('cents')).toHaveTextContent('1250');
  });

  it('flips the sign when the sign icon is pressed', async () => {
    const { user } = setup({ text: '3', negative: false });
    await user.click(screen.getByTestId('amount-sign'));
    expect(screen.getByTestId('cents')).toHaveTextContent('-300');
  });
});
