/** The game's rules, with its house edge, max win and the chain its rounds come from. */
import type { CrashState } from './crash-state';
import { getLanguage, t } from './messages';
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
  const edgeBp = state.fairness?.houseEdgeBp ?? state.table?.houseEdgeBp ?? 0;
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
        <ol>
          <li>{t('rule1')}</li>
          <li>{t('rule2')}</li>
          <li>{t('rule3')}</li>
          <li>{t('rule4')}</li>
          <li>{t('rule5', { amount: money(state.table?.maxWinMinor ?? 0) })}</li>
          <li>
            {t('rule6', {
              hash: state.fairness?.terminatingHash.slice(0, 16) ?? '',
              edge: (edgeBp / 100).toString(),
              rtp: ((10_000 - edgeBp) / 100).toString(),
            })}
          </li>
        </ol>
        <p>
          <a href={verifyPageHref(getLanguage())} target="_blank" rel="noopener">
            {t('verify')}
          </a>
        </p>
        <button type="button" className="action action-wait" onClick={onClose} autoFocus>
          {t('close')}
        </button>
      </section>
    </div>
  );
}
