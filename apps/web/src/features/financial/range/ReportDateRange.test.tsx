import { defaultReportRange, type MonthRangeWithCutoff } from '@keel/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ReportDateRange } from './ReportDateRange';

const currentMonth = '2026-11';

/** The page keeps the range; the harness does the same and records each change. */
function Harness({ onChange }: { onChange: (range: MonthRangeWithCutoff) => void }) {
  const [range, setRange] = useState(defaultReportRange(currentMonth));
  const [cutoffMonth, setCutoffMonth] = useState(range.actualsEndMonth);
  return (
    <ReportDateRange
      range={range}
      cutoffMonth={cutoffMonth}
      currentMonth={currentMonth}
      onChange={(next, cutoff = next.actualsEndMonth) => {
        onChange(next);
        setRange(next);
        setCutoffMonth(cutoff);
      }}
    />
  );
}

const slider = (name: string) => screen.getByRole('slider', { name });
const valueText = (name: string) => slider(name).getAttribute('aria-valuetext');

describe('ReportDateRange', () => {
  it('shows the three handles at the default range, labelled MM/YY', () => {
    renderWithProviders(<Harness onChange={vi.fn()} />);
    expect(valueText('Start')).toBe('01/25');
    expect(valueText('Actuals end')).toBe('11/26');
    expect(valueText('End')).toBe('03/28');
    const labels = screen.getAllByTestId('report-date-range-label').map((l) => l.textContent);
    expect(labels).toEqual(['01/25', '11/26', '03/28']);
    const years = screen.getAllByTestId('report-date-range-year').map((l) => l.textContent);
    expect(years).toEqual(['2025', '2026', '2027', '2028']);
  });

  it('steps a handle by a month with the arrows and by a year with Page Up / Page Down', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    fireEvent.keyDown(slider('Start'), { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith({
      startMonth: '2025-02',
      actualsEndMonth: '2026-11',
      endMonth: '2028-03',
    });
    expect(valueText('Start')).toBe('02/25');
    fireEvent.keyDown(slider('Start'), { key: 'PageUp' });
    expect(valueText('Start')).toBe('02/26');
    fireEvent.keyDown(slider('End'), { key: 'PageDown' });
    expect(valueText('End')).toBe('03/27');
    fireEvent.keyDown(slider('End'), { key: 'ArrowLeft' });
    expect(valueText('End')).toBe('02/27');
    expect(onChange).toHaveBeenCalledTimes(4);
  });

  it('stops the start before the current month and the actuals end at it', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    fireEvent.keyDown(slider('Start'), { key: 'End' });
    expect(valueText('Start')).toBe('10/26');
    fireEvent.keyDown(slider('Start'), { key: 'ArrowRight' });
    expect(valueText('Start')).toBe('10/26');
    fireEvent.keyDown(slider('Actuals end'), { key: 'ArrowRight' });
    expect(valueText('Actuals end')).toBe('11/26');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps the end after the actuals end', () => {
    renderWithProviders(<Harness onChange={vi.fn()} />);
    fireEvent.keyDown(slider('End'), { key: 'Home' });
    expect(valueText('End')).toBe('11/26');
    fireEvent.keyDown(slider('End'), { key: 'PageDown' });
    expect(valueText('End')).toBe('11/26');
  });

  it('shows the picked year, January to December, and gives the cutoff back with its own year', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const pick = async (year: string) => {
      await user.click(screen.getByRole('combobox', { name: 'Year' }));
      const listbox = await screen.findByRole('listbox', { name: 'Year', hidden: true });
      return {
        listbox,
        choose: () => user.click(within(listbox).getByRole('option', { name: year, hidden: true })),
      };
    };
    const first = await pick('2023');
    const options = within(first.listbox).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(Array.from({ length: 20 }, (_, i) => String(2016 + i)));
    expect(within(first.listbox).getByRole('option', { name: '2027', hidden: true })).toHaveAttribute(
      'data-combobox-disabled',
    );
    await first.choose();
    expect(onChange).toHaveBeenLastCalledWith({
      startMonth: '2023-01',
      actualsEndMonth: '2023-12',
      endMonth: '2023-12',
    });
    expect(screen.getAllByTestId('report-date-range-year').map((l) => l.textContent)).toEqual([
      '2023',
      '2024',
      '2025',
      '2026',
    ]);
    expect([valueText('Start'), valueText('Actuals end'), valueText('End')]).toEqual([
      '01/23',
      '12/23',
      '12/23',
    ]);
    await (await pick('2026')).choose();
    expect(onChange).toHaveBeenLastCalledWith({
      startMonth: '2026-01',
      actualsEndMonth: '2026-11',
      endMonth: '2026-12',
    });
  });

  it('follows a pointer drag and reports the range once, when the drag ends', () => {
    // The track is 440 px wide from x = 0: 11 px a month over the 40 months of the window.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 440, 50));
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const end = slider('End');
    fireEvent.pointerDown(end, { pointerId: 1, button: 0, clientX: 418 });
    fireEvent.pointerMove(end, { pointerId: 1, clientX: 29 * 11 + 3 });
    expect(valueText('End')).toBe('06/27');
    fireEvent.pointerMove(end, { pointerId: 1, clientX: 0 });
    expect(valueText('End')).toBe('11/26');
    fireEvent.pointerMove(end, { pointerId: 1, clientX: 30 * 11 });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(end, { pointerId: 1, clientX: 30 * 11 });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith({
      startMonth: '2025-01',
      actualsEndMonth: '2026-11',
      endMonth: '2027-07',
    });
    vi.restoreAllMocks();
  });

  it('shows the range settings button disabled', () => {
    renderWithProviders(<Harness onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Range settings' })).toBeDisabled();
  });
});
