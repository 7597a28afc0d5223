import { useId } from 'react';
import { formatRupees } from '../../../shared/format/money';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { setOneTapBetting, useOneTapBetting } from '../model/one-tap-betting';

const messages = i18n('bets/one-tap-switch', {
  label: 'One-tap betting',
  noStake: 'Set your stake buttons first: a one-tap bet uses the first.',
  whenOn: params(
    'When on, tapping a price places a {stake} bet at once (your first stake button), with no confirmation.',
  ),
});

/**
 * The player's one-tap betting switch, with what it does: tapping a price places the bet at
 * once for `stake` (the first stake button), without the slip's confirmation. It is styled
 * by the page it sits on (a stylesheet of its own would follow the bets chunk to every route).
 */
export function OneTapSwitch({
  stake,
  labelClassName,
  hintClassName,
}: {
  stake: number | null;
  labelClassName: string;
  hintClassName: string;
}) {
  const t = useMessages(messages);
  const on = useOneTapBetting();
  const hintId = useId();
  return (
    <div>
      <label className={labelClassName}>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby={hintId}
          onChange={(event) => setOneTapBetting(event.target.checked)}
        />
        {t.label}
      </label>
      <p className={hintClassName} id={hintId}>
        {stake === null ? t.noStake : t.whenOn({ stake: formatRupees(stake) })}
      </p>
    </div>
  );
}
