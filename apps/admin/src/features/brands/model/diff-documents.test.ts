import { describe, expect, it } from 'vitest';
import { buildBrandDocument } from '../../../shared/test/fixtures';
import { diffDocuments, formatFieldValue } from './diff-documents';

describe('diffDocuments', () => {
  it('finds nothing between equal documents', () => {
    expect(diffDocuments(buildBrandDocument(), buildBrandDocument())).toEqual([]);
  });

  it('names each changed field by its dotted path, with both values', () => {
    const before = buildBrandDocument();
    const after = buildBrandDocument();
    after.settings.setting.domainTitle = 'Gold 365 Exchange';
    after.settings.setting.kabaddi = true;
    after.entry.theme = null;
    expect(diffDocuments(before, after)).toEqual([
      { path: 'entry.theme', before: 'gold365', after: null },
      { path: 'settings.setting.domainTitle', before: 'Gold 365', after: 'Gold 365 Exchange' },
      { path: 'settings.setting.kabaddi', before: false, after: true },
    ]);
  });

  it('compares a list as one field', () => {
    const before = buildBrandDocument();
    const after = buildBrandDocument();
    after.entry.aliases = ['gold365.club', 'gold365.win'];
    expect(diffDocuments(before, after)).toEqual([
      {
        path: 'entry.aliases',
        before: ['gold365.club'],
        after: ['gold365.club', 'gold365.win'],
      },
    ]);
  });

  it('shows a field only one side has as missing on the other, the new ones last', () => {
    const before = { betting: { commissionPercent: 3, fancy: { minStake: 50 } } };
    const after = { betting: { all: { minStake: 10 }, fancy: { minStake: 50 } } };
    expect(diffDocuments(before, after)).toEqual([
      { path: 'betting.commissionPercent', before: 3, after: undefined },
      { path: 'betting.all.minStake', before: undefined, after: 10 },
    ]);
  });

  it('keeps an emptied object as a change of its own, and reads undefined as absent', () => {
    expect(
      diffDocuments({ betting: { sports: { 3: { minStake: 1 } } } }, { betting: { sports: {} } }),
    ).toEqual([
      { path: 'betting.sports.3.minStake', before: 1, after: undefined },
      { path: 'betting.sports', before: undefined, after: {} },
    ]);
    expect(diffDocuments({ a: 1, b: undefined }, { a: 1 })).toEqual([]);
  });

  it('compares whole values when either side is not an object', () => {
    expect(diffDocuments(null, { a: 1 })).toEqual([
      { path: '', before: null, after: undefined },
      { path: 'a', before: undefined, after: 1 },
    ]);
  });
});

describe('formatFieldValue', () => {
  it('shows text as it is and anything else as JSON', () => {
    expect(formatFieldValue('Gold 365')).toBe('Gold 365');
    expect(formatFieldValue('')).toBe('(empty)');
    expect(formatFieldValue(undefined)).toBe('(not set)');
    expect(formatFieldValue(false)).toBe('false');
    expect(formatFieldValue(['a.com'])).toBe('["a.com"]');
  });
});
