/**
 * Text matched literally inside a LIKE pattern: its wildcards (`%`, `_`) and the escape
 * character (backslash, LIKE's default) escaped, so a search for "50%" finds only "50%".
 */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}
