import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme';
import { AmountInput } from './AmountInput';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <MantineProvider theme={theme} env="test">
      <AmountInput label="Amount" value={value} onChange={setValue} />
    </MantineProvider>
  );
}

function setup() {
  render(<Harness />);
  return { input: screen.getByLabelText('Amount') as HTMLInputElement, user: userEvent.setup() };
}

describe('AmountInput', () => {
  it('ignores letters, a minus and a second decimal point as they are typed', async () => {
    const { input, user } = setup();
    await user.type(input, '-1a2.3.4x5');
    expect(input).toHaveValue('12.34');
  });

  it('reads a pasted 1,234.50 as 1234.50', async () => {
    const { input, user } = setup();
    await user.click(input);
    await user.paste('1,234.50');
    expect(input).toHaveValue('1234.50');
  });

  it('keeps its text when a change is refused', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: '99.5' } });
    fireEvent.change(input, { target: { value: '99.5-' } });
    expect(input).toHaveValue('99.5');
  });
});
