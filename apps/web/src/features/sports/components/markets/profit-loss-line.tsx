import { formatSignedMoney, moneyTone } from '../../../../shared/format/money';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';

const messages = i18n('sports/profit-loss-line', {
  ifWins: params('If {runner} wins:'),
  afterBet: 'after this bet',
});

/** Points from the P&L now to the P&L after the bet being typed: a mark, not words. */
const ARROW = '→';

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
  const t = useMessages(messages);
  if (current === undefined && projected === undefined) return null;
  return (
    <p className="pnl" data-testid={`pnl-${runnerId}`}>
      <span className="visually-hidden">{t.ifWins({ runner: runnerName })} </span>
      {current !== undefined ? (
        <span className={`pnl__value pnl__value--${moneyTone(current)}`}>
          {formatSignedMoney(current)}
        </span>
      ) : null}
      {projected !== undefined ? (
        <span className="pnl__projected" data-testid={`pnl-after-${runnerId}`}>
          <span aria-hidden="true">{ARROW} </span>
          <span className="visually-hidden">{t.afterBet} </span>
          <span className={`pnl__value pnl__value--${moneyTone(projected)}`}>
            {formatSignedMoney(projected)}
          </span>
        </span>
      ) : null}
    </p>
  );
}
