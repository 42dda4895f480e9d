import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ModelRangePicker } from './ModelRangePicker';

afterEach(cleanup);

describe('ModelRangePicker', () => {
  it('names the year buttons of its month pickers: Previous year, the year shown, Next year', async () => {
    renderWithProviders(
      <ModelRangePicker
        startMonth="2026-01"
        endMonth="2027-12"
        disabled={false}
        onChange={() => undefined}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Model start month' }));
    expect(await screen.findByRole('button', { name: 'Previous year' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next year' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2026' }));
    expect(await screen.findByRole('button', { name: 'Previous decade' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next decade' })).toBeInTheDocument();
  });
});
