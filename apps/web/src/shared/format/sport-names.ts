import { useMemo } from 'react';
import { i18n, useMessages } from '../i18n/i18n';

/*
 * Sports named in the player's language (spec §3's ids), wherever a sport is named: the sports
 * menu, page headings, an event's header, the search, the reports and their filters.
 */
const messages = i18n('shared/sport-names', {
  football: 'Football',
  tennis: 'Tennis',
  cricket: 'Cricket',
  kabaddi: 'Kabaddi',
  horseRacing: 'Horse Racing',
});

type SportNames = ReturnType<typeof messages.get>;

const KEYS: Record<number, keyof SportNames> = {
  1: 'football',
  2: 'tennis',
  3: 'cricket',
  25: 'kabaddi',
  26: 'horseRacing',
};

function nameIn(t: SportNames, sportId: number | string, fallback = ''): string {
  const key = KEYS[Number(sportId)];
  return key ? t[key] : fallback;
}

/** A sport's name in the language shown now; `fallback` (the server's name) for another id. */
export function sportName(sportId: number | string, fallback = ''): string {
  return nameIn(messages.get(), sportId, fallback);
}

/** Sport names in the language shown now, re-rendering when it changes. */
export function useSportNames(): (sportId: number | string, fallback?: string) => string {
  const t = useMessages(messages);
  return useMemo(() => (sportId, fallback) => nameIn(t, sportId, fallback), [t]);
}
