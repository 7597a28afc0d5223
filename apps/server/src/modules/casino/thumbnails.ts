/**
 * Game thumbnails drawn for Backlay: a 4:3 card in the game's category colours with a simple
 * figure for the category (a rising curve for crash games, two cards, a wheel for table games,
 * three reels for slots) and the game's name. Plain SVG, no script, no outside reference.
 */

interface Palette {
  from: string;
  to: string;
  figure: string;
}

const PALETTES: Record<string, Palette> = {
  crash: { from: '#3b0764', to: '#be185d', figure: '#fde68a' },
  cards: { from: '#064e3b', to: '#0f766e', figure: '#f8fafc' },
  table: { from: '#7c2d12', to: '#b45309', figure: '#fef3c7' },
  slots: { from: '#1e3a8a', to: '#6d28d9', figure: '#fcd34d' },
};
const OTHER: Palette = { from: '#1f2937', to: '#475569', figure: '#e2e8f0' };

const FIGURES: Record<string, (colour: string) => string> = {
  crash: (c) =>
    `<path d="M40 150 Q120 140 170 100 T280 40" fill="none" stroke="${c}" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M268 30 l22 6 -10 20 z" fill="${c}"/>`,
  cards: (c) =>
    `<rect x="110" y="40" width="70" height="100" rx="8" fill="${c}" transform="rotate(-12 145 90)"/>` +
    `<rect x="150" y="40" width="70" height="100" rx="8" fill="${c}" opacity=".85" transform="rotate(10 185 90)"/>`,
  table: (c) =>
    `<circle cx="160" cy="90" r="55" fill="none" stroke="${c}" stroke-width="8"/>` +
    `<circle cx="160" cy="90" r="12" fill="${c}"/>` +
    `<path d="M160 35 V145 M105 90 H215" stroke="${c}" stroke-width="4"/>`,
  slots: (c) =>
    [90, 160, 230]
      .map(
        (x) =>
          `<rect x="${x - 28}" y="50" width="56" height="80" rx="8" fill="none" stroke="${c}" stroke-width="6"/>` +
          `<text x="${x}" y="105" font-size="34" text-anchor="middle" fill="${c}" font-family="sans-serif" font-weight="700">7</text>`,
      )
      .join(''),
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The thumbnail of a game, as an SVG document. */
export function thumbnailSvg(game: { name: string; category: string }): string {
  const palette = PALETTES[game.category] ?? OTHER;
  const figure = (FIGURES[game.category] ?? FIGURES.table)?.(palette.figure) ?? '';
  const name = escapeText(game.name.slice(0, 40));
  const size = name.length > 18 ? 20 : 26;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240" width="320" height="240" role="img" aria-label="${name}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/>` +
    `</linearGradient></defs>` +
    `<rect width="320" height="240" rx="16" fill="url(#g)"/>` +
    figure +
    `<rect x="0" y="178" width="320" height="62" fill="#000" opacity=".35"/>` +
    `<text x="160" y="${size === 26 ? 218 : 215}" font-size="${size}" text-anchor="middle" fill="#fff" font-family="system-ui, sans-serif" font-weight="700">${name}</text>` +
    `</svg>`
  );
}
