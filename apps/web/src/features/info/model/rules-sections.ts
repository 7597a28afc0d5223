/** A part of the rules page: its anchor and its heading. */
export interface RulesSectionInfo {
  id: string;
  title: string;
}

/** The parts of the rules page, in the order it shows them and its contents list names them. */
export const RULES_SECTIONS = {
  general: { id: 'rules-general', title: 'How the exchange works' },
  markets: { id: 'rules-markets', title: 'Market types' },
  settlement: { id: 'rules-settlement', title: 'Settlement and void rules' },
  inPlay: { id: 'rules-in-play', title: 'In-play betting' },
  limits: { id: 'rules-limits', title: 'Your limits' },
} as const satisfies Record<string, RulesSectionInfo>;
