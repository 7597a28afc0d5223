/**
 * Whether free-text input also loses SQL-like characters and words (spec §5). On by
 * default; a site that needs quotes or those words in free text can turn it off here.
 */
export const SQL_SANITIZING_ENABLED = true;

/** The SQL words removed from free text (spec §5), matched as whole words, any case. */
export const SQL_WORDS = [
  'select',
  'insert',
  'delete',
  'update',
  'drop',
  'union',
  'where',
  'like',
  'exec',
  'from',
  'into',
  'having',
] as const;

// Script and style elements go with their content; any other tag, comment or stray
// angle bracket goes on its own.
const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const TAG = /<\/?[a-z!?][^>]*>?/gi;
const ANGLE_BRACKET = /[<>]/g;
const SQL_MARKS = /--|\/\*|\*\/|[#;'"`]/g;
const SQL_WORD = new RegExp(`\\b(?:${SQL_WORDS.join('|')})\\b`, 'gi');

function stripMarkupOnce(text: string): string {
  return text
    .replace(SCRIPT_OR_STYLE, '')
    .replace(COMMENT, '')
    .replace(TAG, '')
    .replace(ANGLE_BRACKET, '');
}

function stripSql(text: string): string {
  return text.replace(SQL_MARKS, '').replace(SQL_WORD, '');
}

export interface SanitizeOptions {
  /** Whether SQL-like characters and words go too; SQL_SANITIZING_ENABLED by default. */
  sql?: boolean;
}

/**
 * Cleans free text a player typed (spec §5): all markup is stripped and, when enabled,
 * quotes, comment marks (`--`, `/*`, `*\/`, `#`), semicolons and the SQL words are
 * removed; what is left is trimmed. Removal repeats until nothing more goes, so pieces
 * cannot be split to reassemble a word (`dr/**\/op`).
 *
 * Never apply it to passwords: it would silently change the secret, so a password typed
 * at sign-up would not be the one stored, and a password with a quote could never log in.
 * Passwords are only ever compared as hashes on the server and never shown back.
 */
export function sanitizeInput(text: string, options: SanitizeOptions = {}): string {
  const sql = options.sql ?? SQL_SANITIZING_ENABLED;
  return untilStable(text, sql ? (t) => stripSql(stripMarkupOnce(t)) : stripMarkupOnce).trim();
}

/**
 * Removes all markup (spec §5: tags, comments, stray angle brackets; script and style
 * elements with their content), repeating until nothing more goes; nothing else changes.
 * The server applies it to the free text it stores, so the client's cleaning is not the only one.
 */
export function stripMarkup(text: string): string {
  return untilStable(text, stripMarkupOnce);
}

function untilStable(text: string, step: (text: string) => string): string {
  let current = text;
  for (;;) {
    const next = step(current);
    if (next === current) return current;
    current = next;
  }
}
