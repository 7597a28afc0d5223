import { useId } from 'react';
import { formatRupees } from '../../../shared/format/money';
import { setOneTapBetting, useOneTapBetting } from '../model/one-tap-betting';

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
        One-tap betting
      </label>
      <p className={hintClassName} id={hintId}>
        {stake === null
          ? 'Set your stake buttons first: a one-tap bet uses the first.'
          : `When on, tapping a price places a ${formatRupees(stake)} bet at once (your first stake button), with no confirmation.`}
      </p>
    </div>
  );
}
