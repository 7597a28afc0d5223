/**
 * The root of every casino query: a provider or a catalogue saved refreshes whatever reads it
 * (the rounds page's provider choice included).
 */
export const CASINO_QUERY_KEY = ['casino'] as const;
