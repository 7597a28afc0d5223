/** The last rounds' crash points as coloured chips, newest first; each opens its verification. */
import { formatMultiplier } from '@backlay/contract/crash-fairness';
import type { CrashFairness, CrashHistoryEntry } from '@backlay/contract/house-games';
import { getLanguage, t } from './messages';
import { verifyHref } from './verify-link';

/** A crash point's band, for its colour: low (< 2×), mid (< 10×), high. */
export function band(centi: number): 'low' | 'mid' | 'high' {
  if (centi < 200) return 'low';
  if (centi < 1_000) return 'mid';
  return 'high';
}

export function RoundHistory({
  history,
  fairness,
}: {
  history: CrashHistoryEntry[];
  fairness: CrashFairness | null;
}) {
  return (
    <nav className="history" aria-label={t('lastRounds')}>
      <ol>
        {history.map((entry, index) => (
          <li key={entry.roundId}>
            <a
              className="history-chip"
              data-band={band(entry.crashPointCenti)}
              href={
                fairness
                  ? verifyHref(getLanguage(), entry, fairness, history[index + 1])
                  : undefined
              }
              target="_blank"
              rel="noopener"
              title={t('roundChip', {
                number: entry.number,
                multiplier: formatMultiplier(entry.crashPointCenti),
              })}
            >
              {formatMultiplier(entry.crashPointCenti)}×
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
