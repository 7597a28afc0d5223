/**
 * The round's live list: its bets as they are placed (the studio sends the round's biggest, and
 * how many there are in all), marked as they cash out. The player's own come first; at most
 * `LIVE_ROWS` rows are drawn, the rest counted.
 */
import { formatMultiplier } from '@backlay/contract/crash-fairness';
import type { CrashLiveBet } from '@backlay/contract/house-games';
import { formatMoney } from '../shared/money';
import { getLanguage, t } from './messages';

export const LIVE_ROWS = 40;

/** The player's bets first, then cash-outs by win, then the rest by amount. */
export function orderLiveBets(bets: CrashLiveBet[]): CrashLiveBet[] {
  return [...bets].sort(
    (a, b) =>
      Number(b.mine) - Number(a.mine) ||
      (b.winMinor ?? -1) - (a.winMinor ?? -1) ||
      b.amountMinor - a.amountMinor,
  );
}

export function LiveBets({
  bets,
  count,
  currency,
}: {
  bets: CrashLiveBet[];
  /** How many bets the round has in all. */
  count: number;
  currency: string;
}) {
  const rows = orderLiveBets(bets).slice(0, LIVE_ROWS);
  const total = Math.max(count, bets.length);
  const money = (minor: number) => formatMoney(minor, getLanguage(), currency);
  return (
    <section className="live" aria-labelledby="live-title">
      <header className="live-head">
        <h2 id="live-title">{t('allBets')}</h2>
        <span>
          {total === 1
            ? t('betsCountOne')
            : t('betsCount', { count: total.toLocaleString('en-IN') })}
        </span>
      </header>
      {bets.length === 0 ? (
        <p className="live-empty">{t('noBets')}</p>
      ) : (
        <table className="live-table" aria-labelledby="live-title">
          <thead>
            <tr>
              <th scope="col">{t('player')}</th>
              <th scope="col">{t('stake')}</th>
              <th scope="col">{t('cashedOutColumn')}</th>
              <th scope="col">{t('win')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((bet) => (
              <tr
                key={bet.betId}
                data-mine={bet.mine || undefined}
                data-cashed={bet.cashedOutCenti !== null || undefined}
              >
                <td>{bet.mine ? t('you') : bet.player}</td>
                <td>{money(bet.amountMinor)}</td>
                <td>
                  {bet.cashedOutCenti === null ? '' : `${formatMultiplier(bet.cashedOutCenti)}×`}
                </td>
                <td>{bet.winMinor === null ? '' : money(bet.winMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > rows.length && (
        <p className="live-more">
          {t('moreBets', { count: (total - rows.length).toLocaleString('en-IN') })}
        </p>
      )}
    </section>
  );
}
