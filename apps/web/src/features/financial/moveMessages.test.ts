import { describe, expect, it } from 'vitest';
import { entriesLabel, ruleCreatedMessage } from './moveMessages';

describe('move messages', () => {
  it('counts entries in words', () => {
    expect(entriesLabel(1)).toBe('1 entry');
    expect(entriesLabel(22)).toBe('22 entries');
  });

  it('says the same count as the drawer, and names any difference', () => {
    expect(ruleCreatedMessage(22, 22, 'Meals')).toBe('Rule created: moved 22 entries to Meals');
    expect(ruleCreatedMessage(23, 22, 'Meals')).toBe(
      'Rule created: moved 23 entries to Meals (22 shown in the drawer, 1 dated after its range)',
    );
    expect(ruleCreatedMessage(21, 22, 'Meals')).toBe(
      'Rule created: moved 21 entries to Meals (22 were shown; the others had already changed)',
    );
  });
});
