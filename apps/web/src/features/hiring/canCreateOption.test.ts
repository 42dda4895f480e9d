import { describe, expect, it } from 'vitest';
import { canCreateOption } from './canCreateOption';

describe('canCreateOption', () => {
  it('offers a new name that matches no existing one', () => {
    expect(canCreateOption('Designer', ['Engineer', 'Sales Lead'])).toBe(true);
  });

  it('does not offer an empty or blank name', () => {
    expect(canCreateOption('', ['Engineer'])).toBe(false);
    expect(canCreateOption('   ', [])).toBe(false);
  });

  it('does not offer a name that exists whatever the case or surrounding spaces', () => {
    expect(canCreateOption('engineer', ['Engineer'])).toBe(false);
    expect(canCreateOption('  ENGINEER ', ['Engineer'])).toBe(false);
  });

  it('offers a name that only contains an existing one', () => {
    expect(canCreateOption('Senior Engineer', ['Engineer'])).toBe(true);
  });
});
