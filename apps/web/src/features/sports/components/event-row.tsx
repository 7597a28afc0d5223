import type { BetSide } from '@backlay/contract/bets';
import type { SportEvent } from '@backlay/contract/sports';
import { memo } from 'react';
import { Link } from 'react-router';
import { useBetSlip } from '../../bets/index';
import { paths } from '../../../shared/paths';
import { listSelection } from '../model/selection';
import { EventStatus } from './event-status';
import { PinToggle } from './pin-toggle';
import { PriceButton } from './price-button';

export interface EventRowProps {
  event: SportEvent;
  pinned: boolean;
  onTogglePin: (eventId: number) => void;
}

/** The link to an event's markets page. */
export function eventHref(event: Pick<SportEvent, 'id' | 'externalId'>): string {
  return paths.markets.getHref(event.externalId, String(event.id));
}

/** A runner's two prices, in the order its row shows them. */
const SIDES: readonly BetSide[] = ['BACK', 'LAY'];

/** Best back and lay of each runner of an event's match odds; they open the bet slip. */
function MatchOddsPrices({ event }: { event: SportEvent }) {
  const matchOdds = event.matchOdds;
  const marketId = matchOdds?.marketId ?? null;
  const chosen = useBetSlip((s) =>
    marketId !== null && s.selection?.marketId === marketId ? s.selection : null,
  );
  const open = useBetSlip((s) => s.open);
  if (!matchOdds) {
    return <p className="event-row__no-prices">No prices yet</p>;
  }
  const closed = matchOdds.status !== 'OPEN';
  return (
    <div className="event-row__prices" data-runners={matchOdds.runners.length}>
      {matchOdds.runners.map((runner) => {
        const select = (side: BetSide, price: number) =>
          open(listSelection(event, matchOdds.marketId, runner, side, price));
        const isChosen = (side: BetSide) => chosen?.runnerId === runner.id && chosen.side === side;
        return (
          <div className="event-row__runner" key={runner.id}>
            <span className="event-row__runner-name">{runner.name}</span>
            {SIDES.map((side) => (
              <PriceButton
                key={side}
                side={side}
                level={side === 'BACK' ? runner.back : runner.lay}
                runnerName={runner.name}
                best
                disabled={closed}
                selected={isChosen(side)}
                onSelect={select}
              />
            ))}
          </div>
        );
      })}
      {closed ? (
        <span className="event-row__suspended">
          {matchOdds.status === 'SUSPENDED' ? 'Suspended' : 'Closed'}
        </span>
      ) : null}
    </div>
  );
}

/** One event of a list: when, what, the live score, its best prices and a pin. */
export const EventRow = memo(function EventRow({ event, pinned, onTogglePin }: EventRowProps) {
  return (
    <li className={pinned ? 'event-row event-row--pinned' : 'event-row'} data-event-id={event.id}>
      <div className="event-row__info">
        <div className="event-row__meta">
          <EventStatus event={event} />
          <span className="event-row__competition">{event.competition}</span>
        </div>
        <Link className="event-row__title" to={eventHref(event)}>
          {event.title}
        </Link>
        {event.score ? <p className="event-row__score">{event.score}</p> : null}
      </div>
      <MatchOddsPrices event={event} />
      <PinToggle title={event.title} pinned={pinned} onToggle={() => onTogglePin(event.id)} />
    </li>
  );
});
