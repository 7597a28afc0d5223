import { REGISTRY, THEME_NAMES } from '@backlay/domains/registry';
import { describe, expect, it } from 'vitest';
import { applyTheme } from './apply-theme';
import { BODY_BG_THEME, bodyBgTokens, FALLBACK_BODY_BG, resolveTheme } from './resolve-theme';

describe('resolveTheme', () => {
  it.each([
    ['99exch.com', '99exch'],
    ['www.99exch.in', '99exch'],
    ['cricbet99.club', 'cricbet99'],
    ['violetexch.com', 'purple'],
    ['turf365.in', 'green'],
    ['skyexchange.bet', 'sky'],
    ['goldenpitch.in', 'gold365'],
    ['grand777.in', 'grand'],
    ['redline.bet', 'crimson'],
    ['nightowl.bet', 'midnight'],
    ['gold365.bet.localhost', 'gold365'],
  ])('gives %s its group theme %s and no inline tokens', (hostname, theme) => {
    expect(resolveTheme(hostname, '#123456')).toEqual({ name: theme, tokens: {} });
  });

  it('has a hostname group for every named theme', () => {
    const used = new Set(REGISTRY.domains.map((d) => d.theme));
    for (const name of THEME_NAMES) expect(used).toContain(name);
  });

  it('colours a hostname in no group with its bodyBgColor', () => {
    const theme = resolveTheme('playmax.in', '#1f2937');
    expect(theme.name).toBe(BODY_BG_THEME);
    expect(theme.tokens['--body-bg']).toBe('#1f2937');
    expect(theme.tokens['--surface']).toBe('#1f2937');
  });

  it('uses body-bg for unknown and test hosts too', () => {
    expect(resolveTheme('localhost', '#1b1f3b').name).toBe(BODY_BG_THEME);
    expect(resolveTheme('brand-new.example', null).tokens['--body-bg']).toBe(FALLBACK_BODY_BG);
  });
});

describe('bodyBgTokens', () => {
  it('chooses light text on a dark background and dark text on a light one', () => {
    const dark = bodyBgTokens('#0b1020');
    const light = bodyBgTokens('#f5f5f0');
    expect(dark['--scheme']).toBe('dark');
    expect(light['--scheme']).toBe('light');
    expect(dark['--text']).toBe('#f1f3f9');
    expect(light['--text']).toBe('#1c1f2b');
  });

  it('raises cards above the background and expands short hex colours', () => {
    const tokens = bodyBgTokens('#000');
    expect(tokens['--body-bg']).toBe('#000000');
    expect(tokens['--surface-raised']).not.toBe('#000000');
  });
});

describe('applyTheme', () => {
  it('puts class and data-theme on both html and body, replacing the previous theme', () => {
    applyTheme(document, resolveTheme('playmax.in', '#1f2937'));
    applyTheme(document, resolveTheme('99exch.com', null));

    for (const element of [document.documentElement, document.body]) {
      expect(element.getAttribute('data-theme')).toBe('99exch');
      expect([...element.classList].filter((c) => c.startsWith('theme-'))).toEqual([
        'theme-99exch',
      ]);
    }
    // The body-bg theme's derived tokens must not linger under a named theme.
    expect(document.documentElement.style.getPropertyValue('--body-bg')).toBe('');
  });

  it('sets the derived tokens of the body-bg theme', () => {
    applyTheme(document, resolveTheme('wicketwin.com', '#064e3b'));
    expect(document.body.className).toContain('theme-body-bg');
    expect(document.documentElement.getAttribute('data-theme')).toBe('body-bg');
    expect(document.documentElement.style.getPropertyValue('--body-bg')).toBe('#064e3b');
  });
});
