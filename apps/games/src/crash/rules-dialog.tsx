/**
 * The game's rules, with its house edge, max win and the chain its rounds come from. Their
 * words are among the later ones (`messages.ts`): if the player opens the rules before those
 * arrived, they are asked for then.
 */
import { useEffect, useState } from 'react';
import type { CrashState } from './crash-state';
import { getLanguage, laterWords, t } from './messages';
import { verifyPageHref } from './verify-link';

export function Rules({
  state,
  money,
  onClose,
}: {
  state: CrashState;
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
  const edgeBp = state.fairness?.houseEdgeBp ?? state.table?.houseEdgeBp ?? 0;
  const r = laterWords.t;
  return (
    <div className="dialog-backdrop" onClick={onClose}>
      <section
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="rules-title"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id="rules-title">{t('rules')}</h2>
        {ready && (
          <ol>
            <li>{r('rule1')}</li>
            <li>{r('rule2')}</li>
            <li>{r('rule3')}</li>
            <li>{r('rule4')}</li>
            <li>{r('rule5', { amount: money(state.table?.maxWinMinor ?? 0) })}</li>
            <li>
              {r('rule6', {
                hash: state.fairness?.terminatingHash.slice(0, 16) ?? '',
                edge: edgeBp / 100,
                rtp: (10_000 - edgeBp) / 100,
              })}
            </li>
          </ol>
        )}
        <a href={verifyPageHref(getLanguage())} target="_blank" rel="noopener">
          {t('verify')}
        </a>
        <button type="button" className="action action-wait" onClick={onClose} autoFocus>
          {t('close')}
        </button>
      </section>
    </div>
  );
}
