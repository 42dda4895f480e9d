import { monthSerial } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import { formatCellView, formatModelNumber, formatOutputCell, monthLabel } from './modelFormat';

const cell = (value: number | null, extra: { text?: string; error?: string } = {}) => ({
  value,
  text: extra.text ?? null,
  error: extra.error ?? null,
});

describe('model figures as the grid shows them', () => {
  it('groups thousands and keeps the variable’s decimal places', () => {
    expect(formatModelNumber(1234567.891, 'number', 2)).toBe('1,234,567.89');
    expect(formatModelNumber(1234567.891, 'formulas', 0)).toBe('1,234,568');
    expect(formatModelNumber(-1250.5, 'currency', 2)).toBe('-$1,250.50');
  });

  it('shows a percent (held as a fraction) in percent and a month (held as its serial) by name', () => {
    expect(formatModelNumber(0.035, 'percent', 1)).toBe('3.5%');
    expect(formatModelNumber(0.03, 'percent', 0)).toBe('3%');
    expect(formatModelNumber(monthSerial('2026-03'), 'month', 0)).toBe('Mar 2026');
    expect(monthLabel('2027-12')).toBe('Dec 2027');
  });

  it('marks a failed cell #ERROR, shows text as is and a blank as nothing', () => {
    expect(formatCellView(cell(null, { error: 'Division by zero' }), 'formulas', 2)).toBe('#ERROR');
    expect(formatCellView(cell(null, { text: 'TRUE' }), 'formulas', 2)).toBe('TRUE');
    expect(formatCellView(cell(null), 'number', 2)).toBe('');
  });

  it('shows an output as the cents the report books, halves away from zero', () => {
    expect(formatOutputCell(cell(1000.005))).toBe('$1,000.01');
    expect(formatOutputCell(cell(-2.345))).toBe('-$2.35');
    expect(formatOutputCell(cell(null, { error: 'x' }))).toBe('#ERROR');
  });
});
