import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

describe('changedFields', () => {
  it('names the fields whose values differ, nested values compared whole', () => {
    expect(
      changedFields(
        { role: 'support', brands: ['a.com'], disabled: false },
        { role: 'trader', brands: ['a.com', 'b.com'], disabled: false },
      ),
    ).toEqual(['brands', 'role']);
  });

  it('counts a field present on one side only', () => {
    expect(changedFields({ a: 1 }, { a: 1, b: null })).toEqual(['b']);
  });

  it('names nothing for a creation or a deletion', () => {
    expect(changedFields(null, { a: 1 })).toEqual([]);
    expect(changedFields({ a: 1 }, null)).toEqual([]);
  });
});
