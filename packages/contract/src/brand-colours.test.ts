import { describe, expect, it } from 'vitest';
import { bodyBgTokens, brandColours, FALLBACK_BODY_BG, NAMED_THEME_COLOURS } from './brand-colours';

describe('brandColours', () => {
  it("is a named theme's own browser bar and surface", () => {
    expect(brandColours('gold365', '#ffffff')).toEqual(NAMED_THEME_COLOURS.gold365);
  });

  it('is the header shade and background a page derives from bodyBgColor, in no group', () => {
    // Dark: the bar is 40 % towards black; light: 78 %.
    expect(brandColours(null, '#064e3b')).toEqual({ browserBar: '#042f23', background: '#064e3b' });
    expect(brandColours(null, '#F5F5F0')).toEqual({ browserBar: '#363635', background: '#f5f5f0' });
    const tokens = bodyBgTokens('#064e3b');
    expect(brandColours(null, '#064e3b')).toEqual({
      browserBar: tokens['--browser-bar'],
      background: tokens['--body-bg'],
    });
  });

  it('falls back to the platform colour for a missing or broken bodyBgColor', () => {
    for (const colour of [null, undefined, 'blue', '#12']) {
      expect(brandColours(null, colour).background, String(colour)).toBe(FALLBACK_BODY_BG);
    }
  });
});
