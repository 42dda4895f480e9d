import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ChartEditorModal } from './ChartEditorModal';
import { type ChartDraft, newChartDraft } from './chartDraft';
import { buildReportLineOptions } from './reportLines';

const LINES = buildReportLineOptions([
  {
    id: 'l-inc',
    lineItemId: 'l-inc',
    accountId: 'a-inc',
    name: 'Income',
    depth: 0,
    parentId: null,
    itemType: 'AccountTree',
    isLeaf: false,
  },
  {
    id: 'l-inc:a-rev',
    lineItemId: 'l-inc',
    accountId: 'a-rev',
    name: 'Revenue',
    depth: 1,
    parentId: 'l-inc',
    itemType: 'Account',
    isLeaf: false,
  },
  {
    id: 'l-net',
    lineItemId: 'l-net',
    accountId: null,
    name: 'Net Income',
    depth: 0,
    parentId: null,
    itemType: 'Expression',
    isLeaf: false,
  },
]);

function Editor({ onSave }: { onSave: (draft: ChartDraft) => Promise<boolean> }) {
  const [draft, setDraft] = useState(newChartDraft);
  return (
    <ChartEditorModal
      mode="new"
      draft={draft}
      changed={false}
      lines={LINES}
      linesLoading={false}
      onChange={setDraft}
      onSave={() => onSave(draft)}
      onDiscard={() => undefined}
      onClose={() => undefined}
    />
  );
}

/** Picks a report line in a Mantine Select by its path. */
async function pickLine(label: string, path: string) {
  const input = screen.getByRole('combobox', { name: label });
  await userEvent.click(input);
  await userEvent.type(input, path.split(' › ').at(-1) ?? path);
  const list = await screen.findByRole('listbox', { name: label, hidden: true });
  fireEvent.click(within(list).getByRole('option', { name: path, hidden: true }));
}

// Typing into the pickers takes a few seconds on a busy machine.
describe('ChartEditorModal', { timeout: 20_000 }, () => {
  it('keeps Save Chart disabled until every series has a report line, then saves the chart', async () => {
    const onSave = vi.fn(async (_draft: ChartDraft) => true);
    renderWithProviders(<Editor onSave={onSave} />);
    const dialog = await screen.findByRole('dialog', { name: 'New Chart' });
    expect(within(dialog).getByRole('textbox', { name: 'Chart name' })).toHaveValue('New Chart');
    const save = within(dialog).getByRole('button', { name: 'Save Chart' });
    expect(save).toBeDisabled();
    expect(within(dialog).getByTestId('chart-editor-problem')).toHaveTextContent(
      'Each series needs a report line',
    );

    await pickLine('Data group 1, series 1 report line', 'Income › Revenue');
    expect(within(dialog).getByRole('textbox', { name: 'Data group 1, series 1 name' })).toHaveValue(
      'Revenue',
    );
    expect(save).toBeEnabled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add series' }));
    expect(save).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove data group 1, series 2' }));
    expect(save).toBeEnabled();

    fireEvent.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = onSave.mock.calls[0]?.[0];
    expect(saved?.groups[0]?.series[0]).toMatchObject({
      line: { accountId: 'a-rev', reportItemId: 'l-inc', isLeaf: false },
      name: 'Revenue',
    });
  });

  it('disables Save Chart for a group without series', async () => {
    renderWithProviders(<Editor onSave={async () => true} />);
    const dialog = await screen.findByRole('dialog', { name: 'New Chart' });
    await pickLine('Data group 1, series 1 report line', 'Income');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add data group' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove data group 2, series 1' }));
    expect(within(dialog).getByRole('button', { name: 'Save Chart' })).toBeDisabled();
    expect(within(dialog).getByTestId('chart-editor-problem')).toHaveTextContent(
      'Each data group needs at least one series',
    );
  });

  it("offers the highlight's invert only once a highlight line is chosen", async () => {
    renderWithProviders(<Editor onSave={async () => true} />);
    const dialog = await screen.findByRole('dialog', { name: 'New Chart' });
    const invert = within(dialog).getByRole('checkbox', { name: 'Highlight invert' });
    expect(invert).toBeDisabled();
    await pickLine('Highlight report line', 'Net Income');
    expect(invert).toBeEnabled();
    expect(within(dialog).getByRole('textbox', { name: 'Highlight name' })).toHaveValue('Net Income');
  });
});
