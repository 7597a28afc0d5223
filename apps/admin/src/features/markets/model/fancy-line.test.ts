import { describe, expect, it } from 'vitest';
import { fancyLineText } from './fancy-line';

const line = (overrides: Partial<Parameters<typeof fancyLineText>[0]> = {}) => ({
  values: 3,
  noRuns: 84,
  yesRuns: 85,
  lowestRuns: 83,
  highestRuns: 86,
  ...overrides,
});

describe('a fancy session’s line', () => {
  it('reads as the values players take No and Yes at now', () => {
    expect(fancyLineText(line())).toBe('No 84 · Yes 85');
    expect(fancyLineText(line({ yesRuns: null }))).toBe('No 84');
    expect(fancyLineText(line({ noRuns: null }))).toBe('Yes 85');
  });

  it('reads as the values it has had when none is quoted', () => {
    expect(fancyLineText(line({ noRuns: null, yesRuns: null }))).toBe('Runs 83–86');
    expect(
      fancyLineText(line({ noRuns: null, yesRuns: null, lowestRuns: 85, highestRuns: 85 })),
    ).toBe('Runs 85');
  });
});
