import { describe, expect, it } from 'vitest';
import { readAmountText } from './amountText';

describe('readAmountText', () => {
  it('takes digits and one decimal point with up to 2 decimals', () => {
    expect(readAmountText('')).toBe('');
    expect(readAmountText('250')).toBe('250');
    expect(readAmountText('250.')).toBe('250.');
    expect(readAmountText('.5')).toBe('.5');
    expect(readAmountText('1234.50')).toBe('1234.50');
  });

  it('refuses letters, a minus, a second point and a third decimal', () => {
    expect(readAmountText('12a')).toBeNull();
    expect(readAmountText('e5')).toBeNull();
    expect(readAmountText('-12')).toBeNull();
    expect(readAmountText('12-')).toBeNull();
    expect(readAmountText('1.2.3')).toBeNull();
    expect(readAmountText('12.345')).toBeNull();
    expect(readAmountText('+12')).toBeNull();
  });

  it('reads a pasted amount written with separators or a dollar sign', () => {
    expect(readAmountText('1,234.50')).toBe('1234.50');
    expect(readAmountText('$1,234.50')).toBe('1234.50');
    expect(readAmountText(' 1 000 ')).toBe('1000');
  });

  it('stops at 23 characters', () => {
    expect(readAmountText('1'.repeat(23))).toBe('1'.repeat(23));
    expect(readAmountText('1'.repeat(24))).toBeNull();
  });
});
