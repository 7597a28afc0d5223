import { describe, expect, it } from 'vitest';
import { buildCrashTable } from '../test/studio-table-fixtures';
import {
  HOUSE_EDGE_WARNING,
  formatStudioValue,
  studioFieldLabel,
  studioTableChanges,
  studioTableDraftOf,
  studioTableUpdateOf,
  studioTableWarnings,
} from './studio-table-draft';

describe('a studio table as the form edits it', () => {
  it('shows rupees, × and % from the wire’s hundredths, and milliseconds as they are', () => {
    const draft = studioTableDraftOf(buildCrashTable());
    expect(draft).toEqual({
      enabled: true,
      text: {
        minBetMinor: '10.00',
        maxBetMinor: '10000.00',
        maxWinMinor: '1000000.00',
        maxAutoCashOutCenti: '10000.00',
        bettingMs: '5000',
        tickMs: '150',
        pauseMs: '3000',
        houseEdgeBp: '1.00',
      },
    });
  });

  it('sends what was typed in the wire’s units, over the version it was loaded from', () => {
    const base = buildCrashTable({ version: 4 });
    const draft = studioTableDraftOf(base);
    draft.text.maxBetMinor = '5,000.50';
    draft.text.houseEdgeBp = '2.5';
    draft.enabled = false;
    const { input, typing } = studioTableUpdateOf(draft, base);
    expect(typing).toEqual({});
    expect(input).toEqual({
      gameCode: 'sbe_aviator',
      version: 4,
      values: { ...base.values, maxBetMinor: 500_050, houseEdgeBp: 250, enabled: false },
    });
    expect(studioTableChanges(base, input)).toEqual([
      { label: 'Table playing', before: 'Playing', after: 'Paused' },
      { label: 'Maximum bet', before: '₹10,000.00', after: '₹5,000.50' },
      { label: 'House edge', before: '1.00%', after: '2.50%' },
    ]);
    expect(studioTableWarnings(base, input)).toEqual([HOUSE_EDGE_WARNING]);
  });

  it('refuses a fraction of a paisa itself, and leaves what is not a number to the contract', () => {
    const base = buildCrashTable();
    const draft = studioTableDraftOf(base);
    draft.text.minBetMinor = '10.005';
    draft.text.pauseMs = 'soon';
    const { input, typing } = studioTableUpdateOf(draft, base);
    expect(typing).toEqual({ 'values.minBetMinor': 'Use at most two decimals' });
    expect(input.values.minBetMinor).toBeNaN();
    expect(input.values.pauseMs).toBeNaN();
  });

  it('names a field by its label, and says nothing changed when nothing did', () => {
    const base = buildCrashTable();
    const { input } = studioTableUpdateOf(studioTableDraftOf(base), base);
    expect(studioTableChanges(base, input)).toEqual([]);
    expect(studioTableWarnings(base, input)).toEqual([]);
    expect(studioFieldLabel('sbe_aviator', 'values.maxWinMinor')).toBe('Maximum win per round');
    expect(formatStudioValue('multiplier', 1_000_000)).toBe('10,000.00×');
    expect(formatStudioValue('ms', 120_000)).toBe('1,20,000 ms');
  });
});
