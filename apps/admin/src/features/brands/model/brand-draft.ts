import type { BrandDocument, ThemeName } from '@backlay/contract/admin-brands';
import { THEME_NAMES } from '@backlay/contract/brand-themes';
import type { DomainSetting } from '@backlay/contract/domain-settings';
import { SPORT_IDS, SPORT_NAMES, type SportKey } from '@backlay/contract/sports';

/** The settings tab's fields: the settings file's `setting`, live TV and the registry entry. */
export interface BrandDraft {
  setting: DomainSetting;
  tvEnabled: boolean;
  /** A theme's name, or empty for none (the brand is coloured by its `bodyBgColor` alone). */
  theme: ThemeName | '';
  /** Other hostnames, one a line or separated by commas. */
  aliasesText: string;
  casinoOnly: boolean;
  indexLanding: boolean;
}

/** The sports a brand switches on and off, in the contract's order, with their names. */
export const SPORT_SWITCHES: readonly { key: SportKey; name: string }[] = (
  Object.keys(SPORT_IDS) as SportKey[]
).map((key) => ({ key, name: SPORT_NAMES[SPORT_IDS[key]] }));

/** The theme select's choices, no theme first. */
export const THEME_OPTIONS: readonly { value: ThemeName | ''; label: string }[] = [
  { value: '', label: 'None (background colour)' },
  ...THEME_NAMES.map((theme) => ({ value: theme, label: theme })),
];

/** Whether a select's value names a theme, or none. */
export function isThemeChoice(value: string): value is ThemeName | '' {
  return value === '' || (THEME_NAMES as readonly string[]).includes(value);
}

/** Hostnames typed one a line or separated by commas or spaces: lower case, each once. */
export function parseAliases(typed: string): string[] {
  const names = typed
    .split(/[\s,]+/)
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  return [...new Set(names)];
}

/** A brand's document as the settings tab's fields. */
export function draftOf(document: BrandDocument): BrandDraft {
  return {
    setting: { ...document.settings.setting },
    tvEnabled: document.settings.tv.enabled,
    theme: document.entry.theme ?? '',
    aliasesText: document.entry.aliases.join('\n'),
    casinoOnly: document.entry.casinoOnly,
    indexLanding: document.entry.indexLanding,
  };
}

/**
 * The document to save from the settings tab's fields over the version they were loaded
 * from: bonuses, featured events and games and the betting rules go back as they were.
 */
export function documentOf(draft: BrandDraft, base: BrandDocument): BrandDocument {
  return {
    entry: {
      theme: draft.theme === '' ? null : draft.theme,
      aliases: parseAliases(draft.aliasesText),
      casinoOnly: draft.casinoOnly,
      indexLanding: draft.indexLanding,
    },
    settings: {
      ...base.settings,
      setting: draft.setting,
      tv: { ...base.settings.tv, enabled: draft.tvEnabled },
    },
    betting: base.betting,
  };
}

/** A brand's whole document, as a version of its history or the update call carries it. */
export function documentOfBrand(brand: BrandDocument): BrandDocument {
  return { entry: brand.entry, settings: brand.settings, betting: brand.betting };
}
