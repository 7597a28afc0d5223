import { i18n, useMessages } from '../../../shared/i18n/i18n';
import {
  categoryFallbackName,
  isKnownCategory,
  providerName,
  type LobbySection,
} from '../model/lobby-sections';

const messages = i18n('casino/lobby-names', {
  favourites: 'Favourites',
  recent: 'Recently played',
  crash: 'Crash games',
  cards: 'Card games',
  table: 'Table games',
  slots: 'Slots',
});

/** Names of the lobby's sections in the player's language; providers keep their own names. */
export function useSectionNames() {
  const t = useMessages(messages);
  return (section: LobbySection): string => {
    switch (section.kind) {
      case 'favourites':
      case 'recent':
        return t[section.kind];
      case 'category':
        return isKnownCategory(section.code) ? t[section.code] : categoryFallbackName(section.code);
      case 'provider':
        return providerName(section.code);
    }
  };
}
