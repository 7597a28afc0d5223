/**
 * A brand's colours outside its stylesheet: the semantic colour tokens of a brand in no theme
 * group, derived from its `bodyBgColor` alone, and the browser bar and page background of each
 * named theme. The player client paints with these (its named themes' CSS carries the same
 * values, which a test holds it to), and the server names them in each brand's web app
 * manifest and theme-color tag.
 */
import type { ThemeName } from './brand-themes';

/** The theme of a hostname in no group: coloured by the setting's `bodyBgColor` (spec §2). */
export const BODY_BG_THEME = 'body-bg';

/** Used for a hostname in no group until its settings name a background colour. */
export const FALLBACK_BODY_BG = '#161a33';

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  let digits = match[1];
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes `weight` (0..1) of `other` into `base`. */
function mix(base: Rgb, other: Rgb, weight: number): Rgb {
  return base.map((c, i) => c + ((other[i] ?? 0) - c) * weight) as Rgb;
}

/** WCAG relative luminance, 0 for black to 1 for white. */
function relativeLuminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * Semantic tokens derived from a single background colour, so a domain in no theme
 * group still gets readable text, raised cards and a header a shade apart.
 */
export function bodyBgTokens(bodyBgColor: string) {
  const base = parseHex(bodyBgColor) ?? (parseHex(FALLBACK_BODY_BG) as Rgb);
  const dark = relativeLuminance(base) < 0.35;
  const text: Rgb = dark ? [241, 243, 249] : [28, 31, 43];
  return {
    '--body-bg': toHex(base),
    '--surface': toHex(base),
    '--surface-raised': toHex(dark ? mix(base, WHITE, 0.07) : mix(base, WHITE, 0.65)),
    '--surface-sunken': toHex(dark ? mix(base, BLACK, 0.28) : mix(base, BLACK, 0.05)),
    '--surface-hover': dark ? 'rgb(255 255 255 / 0.07)' : 'rgb(0 0 0 / 0.05)',
    '--header-bg': toHex(mix(base, BLACK, dark ? 0.4 : 0.78)),
    '--header-text': '#ffffff',
    '--nav-bg': toHex(mix(base, BLACK, dark ? 0.22 : 0.65)),
    '--nav-text': 'rgb(255 255 255 / 0.78)',
    '--text': toHex(text),
    '--text-muted': toHex(mix(text, base, 0.38)),
    '--border': dark ? 'rgb(255 255 255 / 0.09)' : 'rgb(0 0 0 / 0.1)',
    '--border-strong': dark ? 'rgb(255 255 255 / 0.16)' : 'rgb(0 0 0 / 0.18)',
    '--browser-bar': toHex(mix(base, BLACK, dark ? 0.4 : 0.78)),
    '--scheme': dark ? 'dark' : 'light',
  };
}

export interface BrandColours {
  /** The mobile browser bar's colour (`theme-color`), `#rrggbb`. */
  browserBar: string;
  /** The page's background colour (a splash screen's), `#rrggbb`. */
  background: string;
}

/** Each named theme's `--browser-bar` and `--surface`, as its CSS (`themes.css`) sets them. */
export const NAMED_THEME_COLOURS: Readonly<Record<ThemeName, BrandColours>> = {
  '99exch': { browserBar: '#0a1320', background: '#0f1a2b' },
  cricbet99: { browserBar: '#0059b8', background: '#eef3f9' },
  purple: { browserBar: '#1e0b3d', background: '#1a0f2e' },
  green: { browserBar: '#14532d', background: '#0b1f14' },
  sky: { browserBar: '#075985', background: '#f0f7fd' },
  gold365: { browserBar: '#000000', background: '#0b0b0b' },
  grand: { browserBar: '#1b1d24', background: '#14161c' },
  crimson: { browserBar: '#3b0a0d', background: '#1c0a0c' },
  midnight: { browserBar: '#0d1330', background: '#0b1020' },
};

/** A brand's colours: its named theme's, else those its page derives from its `bodyBgColor`. */
export function brandColours(
  theme: ThemeName | null,
  bodyBgColor: string | null | undefined,
): BrandColours {
  if (theme) return NAMED_THEME_COLOURS[theme];
  const tokens = bodyBgTokens(bodyBgColor ?? FALLBACK_BODY_BG);
  return { browserBar: tokens['--browser-bar'], background: tokens['--body-bg'] };
}
