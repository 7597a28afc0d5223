import { formatSignedMoney, moneyTone } from '../../../../shared/format/money';

/**
 * A runner's if-win profit or loss under its name: what the player's bets make if it wins,
 * and, while a stake is typed into the bet slip, what they would make after that bet.
 */
export function ProfitLossLine({
  runnerId,
  runnerName,
  current,
  projected,
}: {
  runnerId: number;
  runnerName: string;
  current: number | undefined;
  projected: number | undefined;
}) {
  if (current === undefined && projected === undefined) return null;
  return (
    <p className="pnl" data-testid={`pnl-${runnerId}`}>
      <span className="visually-hidden">If {runnerName} wins: </span>
      {current !== undefined ? (
        <span className={`pnl__value pnl__value--${moneyTone(current)}`}>
          {formatSignedMoney(current)}
        </span>
      ) : null}
      {projected !== undefined ? (
        <span className="pnl__projected" data-testid={`pnl-after-${runnerId}`}>
          <span aria-hidden="true">→ </span>
          <span className="visually-hidden">after this bet </span>
          <span className={`pnl__value pnl__value--${moneyTone(projected)}`}>
            {formatSignedMoney(projected)}
          </span>
        </span>
      ) : null}
    </p>
  );
}
