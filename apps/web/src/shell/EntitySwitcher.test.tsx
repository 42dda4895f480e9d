import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { EntitySwitcher } from './EntitySwitcher';

const entities = [
  { id: 'e1', name: 'Acme Holdings LLC' },
  { id: 'e2', name: 'Acme Robotics Inc.' },
  { id: 'e3', name: 'Northwind Traders' },
];

describe('EntitySwitcher', () => {
  it('lists the entities with the current one checked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<EntitySwitcher entities={entities} currentId="e2" onSelect={() => undefined} />);
    expect(screen.getByTestId('current-entity-name')).toHaveTextContent('Acme Robotics Inc.');

    await user.click(screen.getByRole('button', { name: 'Switch entity' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(entities.map((entity) => entity.name));
    const current = screen.getByRole('option', { name: 'Acme Robotics Inc.' });
    expect(within(current).getByTestId('current-entity-check')).toBeInTheDocument();
    expect(
      within(screen.getByRole('option', { name: 'Northwind Traders' })).queryByTestId('current-entity-check'),
    ).toBeNull();
  });

  it('narrows the list with a fuzzy search and selects the match', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderWithProviders(<EntitySwitcher entities={entities} currentId="e1" onSelect={onSelect} />);

    await user.click(screen.getByRole('button', { name: 'Switch entity' }));
    await user.type(await screen.findByRole('textbox', { name: 'Search entities' }), 'nortwind');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Northwind Traders']);

    await user.click(screen.getByRole('option', { name: 'Northwind Traders' }));
    expect(onSelect).toHaveBeenCalledWith('e3');
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<EntitySwitcher entities={entities} currentId="e1" onSelect={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Switch entity' }));
    await user.type(await screen.findByRole('textbox', { name: 'Search entities' }), 'qqqqzz');
    expect(screen.getByText('No matching entities')).toBeInTheDocument();
  });
});
