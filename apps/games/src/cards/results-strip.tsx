/** The last rounds' winners as coloured dots, newest first; each opens its round's verification. */
import type { CardHistoryEntry } from '@backlay/contract/card-games';
import { sideOf } from './game-view';
import { getLanguage, t } from './messages';
import { winnerText } from './rule-text';
import { verifyHref } from './verify-link';

export function ResultsStrip({ history }: { history: CardHistoryEntry[] }) {
  return (
    <nav className="results-strip" aria-label={t('lastResults')}>
      <ol>
        {history.map((entry) => (
          <li key={entry.roundId}>
            <a
              className="result-dot"
              data-side={sideOf(entry.winner)}
              href={verifyHref(getLanguage(), entry)}
              target="_blank"
              rel="noopener"
              title={t('resultChip', {
                number: entry.number,
                winner: winnerText(entry.winner),
              })}
            >
              {t(`short.${entry.winner}`)}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
