import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NAMED_THEME_COLOURS } from '@backlay/contract/brand-colours';
import { THEME_NAMES } from '@backlay/contract/brand-themes';
import { describe, expect, it } from 'vitest';

const THEMES_CSS = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'themes.css'),
  'utf8',
);

/** A custom property's value in a named theme's rule of `themes.css`. */
function propertyOf(theme: string, property: string): string | undefined {
  const rule = new RegExp(`:root\\.theme-${theme}\\s*\\{([^}]*)\\}`).exec(THEMES_CSS)?.[1] ?? '';
  return new RegExp(`${property}:\\s*([^;]+);`).exec(rule)?.[1]?.trim();
}

describe('the named themes', () => {
  // The server names these colours in each brand's web app manifest and theme-color tag.
  it.each(THEME_NAMES)('%s has the browser bar and surface the contract says', (theme) => {
    expect(propertyOf(theme, '--browser-bar')).toBe(NAMED_THEME_COLOURS[theme].browserBar);
    expect(propertyOf(theme, '--surface')).toBe(NAMED_THEME_COLOURS[theme].background);
  });
});
