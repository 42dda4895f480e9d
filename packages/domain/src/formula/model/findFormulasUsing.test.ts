import { describe, expect, it } from 'vitest';
import { findFormulasUsing } from './findFormulasUsing';

const growth = 'a1b2c3d4-0000-4000-8000-000000000001';
const price = 'a1b2c3d4-0000-4000-8000-000000000002';

describe('findFormulasUsing', () => {
  it('lists the formulas reading a variable in any segment, itself and inputs excepted', () => {
    const variables = [
      { id: growth, name: 'Growth', segments: [] },
      { id: 'cost', name: 'Tooling cost', segments: [{ formula: `100 * (1 + {{${growth}}})` }] },
      { id: 'other', name: 'Other', segments: [{ formula: `{{${price}}} * 2` }] },
      {
        id: 'later',
        name: 'Later',
        segments: [{ formula: '1' }, { formula: `SUM({{${growth}.x-3:x}})` }],
      },
      { id: 'broken', name: 'Broken', segments: [{ formula: `{{${growth}}} * (` }] },
    ];
    expect(findFormulasUsing(variables, growth).map((v) => v.name)).toEqual([
      'Tooling cost',
      'Later',
      'Broken',
    ]);
    expect(findFormulasUsing(variables, price).map((v) => v.name)).toEqual(['Other']);
    expect(findFormulasUsing(variables, 'cost')).toEqual([]);
  });
});
