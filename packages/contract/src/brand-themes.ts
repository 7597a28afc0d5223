/**
 * Named themes, each a set of semantic colour tokens in the web client. A file of its own so
 * the player client takes the names without the back office's schemas.
 */
export const THEME_NAMES = [
  '99exch',
  'cricbet99',
  'purple',
  'green',
  'sky',
  'gold365',
  'grand',
  'crimson',
  'midnight',
] as const;

export type ThemeName = (typeof THEME_NAMES)[number];
