import { formatSignedMoney, moneyTone } from '../../../../shared/format/money';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import type { RunPositionBand } from '../../model/run-position';

const messages = i18n('sports/run-position-table', {
  caption: params('Run position: {session}'),
  runs: 'Runs',
  profitLoss: 'Profit / loss',
  orMore: params('{runs} or more'),
  orFewer: params('{runs} or fewer'),
  range: params('{from} to {to}'),
});

/** "83 or fewer", "84", "85 to 89", "90 or more". */
function bandLabel(band: RunPositionBand, t: ReturnType<typeof messages.get>): string {
  if (band.to === null) return t.orMore({ runs: band.from });
  if (band.from === 0) return t.orFewer({ runs: band.to });
  return band.from === band.to ? String(band.from) : t.range({ from: band.from, to: band.to });
}

/** A session's run position: the player's P&L at each final run count, as bands. */
export function RunPositionTable({
  id,
  sessionName,
  bands,
}: {
  id: string;
  sessionName: string;
  bands: readonly RunPositionBand[];
}) {
  const t = useMessages(messages);
  return (
    <div className="run-position" id={id}>
      <table className="run-position__table">
        <caption>{t.caption({ session: sessionName })}</caption>
        <thead>
          <tr>
            <th scope="col">{t.runs}</th>
            <th scope="col">{t.profitLoss}</th>
          </tr>
        </thead>
        <tbody>
          {bands.map((band) => (
            <tr key={band.from}>
              <th scope="row">{bandLabel(band, t)}</th>
              <td className={`pnl__value pnl__value--${moneyTone(band.profitLoss)}`}>
                {formatSignedMoney(band.profitLoss)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
