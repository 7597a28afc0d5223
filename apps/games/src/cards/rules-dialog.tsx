/**
 * A card game's rules: how a round goes, the payouts table drawn from the rule table the
 * server pays from (what each bet pays, what it gives back on a tie, its house edge, its
 * limits under its name), the most a round takes, and how the shuffle is proved fair. Its words are among the
 * later ones (`messages.ts`): opened before those arrived, it asks for them then.
 */
import { useEffect, useState } from 'react';
import type { CardTable } from '@backlay/contract/card-games';
import type { TableRule } from './protocol';
import { fallbackText, payoutText } from './rule-text';
import { getLanguage, laterWords, t, type LaterWordKey } from './messages';
import { verifyPageHref } from './verify-link';
import type { GameView } from './game-view';

/** A house edge in parts per million as a percentage with two decimals (29412 → `2.94%`). */
export function edgeText(ppm: number): string {
  return `${(ppm / 10_000).toFixed(2)}%`;
}

export function RulesDialog({
  game,
  rules,
  table,
  money,
  onClose,
}: {
  game: GameView;
  rules: TableRule[];
  table: CardTable;
  money: (minor: number) => string;
  onClose: () => void;
}) {
  const [ready, setReady] = useState(laterWords.loaded);
  useEffect(() => {
    if (ready) return;
    let open = true;
    laterWords.load(getLanguage()).then(
      () => open && setReady(true),
      // Unreachable after its retries: the dialog keeps its title, link and close button.
      () => undefined,
    );
    return () => {
      open = false;
    };
  }, [ready]);
  const r = laterWords.t;
  const numbers = Array.from({ length: game.ruleCount }, (_, i) => i + 1);
  return (
    <div className="dialog-backdrop" onClick={onClose}>
      <section
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="rules-title"
        onClick={(event) => event.stopPropagation()}
      >
        <div className="dialog-head">
          <h2 id="rules-title">{ready ? r(`rulesTitle.${game.code}`) : t('rules')}</h2>
          <button type="button" className="tool" onClick={onClose} autoFocus>
            {t('close')}
          </button>
        </div>
        {ready && (
          <>
            <ol>
              {numbers.map((n) => (
                <li key={n}>{r(`rule.${game.code}.${n}` as LaterWordKey)}</li>
              ))}
            </ol>
            <h3>{r('payoutsTitle')}</h3>
            <table className="rule-table">
              <thead>
                <tr>
                  <th scope="col">{r('colBet')}</th>
                  <th scope="col">{r('colPays')}</th>
                  <th scope="col">{r('colOtherwise')}</th>
                  <th scope="col">{r('colEdge')}</th>
                </tr>
              </thead>
              <tbody>
                {rules.map((rule) => {
                  const limit = table.limits[rule.kind];
                  return (
                    <tr key={rule.kind}>
                      <th scope="row">
                        {t(`kind.${rule.kind}`)}
                        {limit && (
                          <small>
                            {r('limitRange', {
                              min: money(limit.minBetMinor),
                              max: money(limit.maxBetMinor),
                            })}
                          </small>
                        )}
                      </th>
                      <td>{payoutText(rule.payoutCenti)}</td>
                      <td>
                        {rule.otherwise.length === 0
                          ? r('otherwiseLost')
                          : rule.otherwise.map((f) => fallbackText(f)).join(' · ')}
                      </td>
                      <td>{edgeText(rule.houseEdgePpm)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p>{r('roundLimit', { amount: money(table.maxRoundStakeMinor) })}</p>
            <h3>{r('fairTitle')}</h3>
            <p>{r('fair')}</p>
          </>
        )}
        <a href={verifyPageHref(getLanguage())} target="_blank" rel="noopener">
          {t('verify')}
        </a>
      </section>
    </div>
  );
}
