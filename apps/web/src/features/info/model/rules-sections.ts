import { i18n } from '../../../shared/i18n/i18n';

/** The headings of the rules page's parts, by part. */
export const rulesSectionTitles = i18n('info/rules-sections', {
  general: 'How the exchange works',
  markets: 'Market types',
  settlement: 'Settlement and void rules',
  inPlay: 'In-play betting',
  limits: 'Your limits',
});

export type RulesSectionName = keyof ReturnType<typeof rulesSectionTitles.get>;

/** A part of the rules page: its anchor, and which heading it has. */
export interface RulesSectionInfo {
  id: string;
  name: RulesSectionName;
}

/** The parts of the rules page, in the order it shows them and its contents list names them. */
export const RULES_SECTIONS = {
  general: { id: 'rules-general', name: 'general' },
  markets: { id: 'rules-markets', name: 'markets' },
  settlement: { id: 'rules-settlement', name: 'settlement' },
  inPlay: { id: 'rules-in-play', name: 'inPlay' },
  limits: { id: 'rules-limits', name: 'limits' },
} as const satisfies Record<RulesSectionName, RulesSectionInfo>;
