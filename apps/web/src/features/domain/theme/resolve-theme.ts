import { BODY_BG_THEME, bodyBgTokens, FALLBACK_BODY_BG } from '@backlay/contract/brand-colours';
import { themeFor, type ThemeName } from '@backlay/domains/hosts';
import { PAGE_REGISTRY } from '../page-registry';

// The theme of a hostname in no group and its tokens are the contract's: the server names the
// same colours in the brand's web app manifest.
export { BODY_BG_THEME, bodyBgTokens, FALLBACK_BODY_BG };

export type ThemeId = ThemeName | typeof BODY_BG_THEME;

export interface ResolvedTheme {
  name: ThemeId;
  /** Custom properties set on the page root; named themes carry theirs in CSS. */
  tokens: Record<string, string>;
}

/** The theme of a hostname: its group's named theme, else `body-bg` coloured by the setting. */
export function resolveTheme(
  hostname: string,
  bodyBgColor: string | null | undefined,
): ResolvedTheme {
  const named = themeFor(hostname, PAGE_REGISTRY);
  if (named) return { name: named, tokens: {} };
  return { name: BODY_BG_THEME, tokens: bodyBgTokens(bodyBgColor ?? FALLBACK_BODY_BG) };
}
