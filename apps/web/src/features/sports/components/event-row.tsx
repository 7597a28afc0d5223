import type { BetSide } from '@backlay/contract/bets';
import { SPORT_IDS, type SportEvent } from '@backlay/contract/sports';
import { memo } from 'react';
import { Link } from 'react-router';
import { useBetSlip } from '../../bets/index';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/paths';
import { listLadderState } from '../model/market-state';
import { listSelection } from '../model/selection';
import { EventStatus } from './event-status';
import { LadderStateLabel } from './ladder-state-label';
import { PinToggle } from './pin-toggle';
import { PriceButton } from './price-button';

const messages = i18n('sports/event-row', {
  noPrices: 'No prices yet',
  back: 'Back',
  lay: 'Lay',
  runners: params('{event} runners'),
});

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

type MatchOdds = NonNullable<SportEvent['matchOdds']>;
type ListRunner = MatchOdds['runners'][number];

/** A runner's best back and lay, which open the bet slip. */
function RunnerPrices({
  event,
  matchOdds,
  runner,
  chosenSide,
  disabled,
}: {
  event: SportEvent;
  matchOdds: MatchOdds;
  runner: ListRunner;
  chosenSide: BetSide | null;
  disabled: boolean;
}) {
  const open = useBetSlip((s) => s.open);
  const select = (side: BetSide, price: number) =>
    open(listSelection(event, matchOdds.marketId, runner, side, price));
  return SIDES.map((side) => (
    <PriceButton
      key={side}
      side={side}
      level={side === 'BACK' ? runner.back : runner.lay}
      runnerName={runner.name}
      best
      disabled={disabled}
      selected={chosenSide === side}
      onSelect={select}
    />
  ));
}

/**
 * Best back and lay of each runner of an event's match odds, side by side; a race's field as
 * a race card instead, one runner a row, so no name or price is squeezed. A market that takes
 * no bets says so over its prices.
 */
function MatchOddsPrices({ event }: { event: SportEvent }) {
  const t = useMessages(messages);
  const matchOdds = event.matchOdds;
  const marketId = matchOdds?.marketId ?? null;
  const chosen = useBetSlip((s) =>
    marketId !== null && s.selection?.marketId === marketId ? s.selection : null,
  );
  if (!matchOdds) {
    return <p className="event-row__no-prices">{t.noPrices}</p>;
  }
  const state = listLadderState(matchOdds.status);
  const closed = state.kind !== 'OPEN';
  const chosenSide = (runner: ListRunner) => (chosen?.runnerId === runner.id ? chosen.side : null);
  const prices = (runner: ListRunner) => (
    <RunnerPrices
      event={event}
      matchOdds={matchOdds}
      runner={runner}
      chosenSide={chosenSide(runner)}
      disabled={closed}
    />
  );
  const label = <LadderStateLabel state={state} className="event-row__state" />;

  if (event.sportId === SPORT_IDS.horseRacing) {
    return (
      <div
        className="event-row__prices event-row__prices--race"
        data-runners={matchOdds.runners.length}
      >
        <div className="race-card__head" aria-hidden="true">
          <span className="race-card__side race-card__side--back">{t.back}</span>
          <span className="race-card__side race-card__side--lay">{t.lay}</span>
        </div>
        <ol className="race-card" aria-label={t.runners({ event: event.title })}>
          {matchOdds.runners.map((runner, index) => (
            <li className="race-card__runner" key={runner.id}>
              {/* The list's own numbering, drawn as a race card numbers its runners. */}
              <span className="race-card__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="race-card__name">{runner.name}</span>
              {prices(runner)}
            </li>
          ))}
        </ol>
        {label}
      </div>
    );
  }
  return (
    <div className="event-row__prices" data-runners={matchOdds.runners.length}>
      {matchOdds.runners.map((runner) => (
        <div className="event-row__runner" key={runner.id}>
          <span className="event-row__runner-name">{runner.name}</span>
          {prices(runner)}
        </div>
      ))}
      {label}
    </div>
  );
}

/** One event of a list: when, what, the live score, its best prices and a pin. */
export const EventRow = memo(function EventRow({ event, pinned, onTogglePin }: EventRowProps) {
  const race = event.sportId === SPORT_IDS.horseRacing;
  const className = `event-row${race ? ' event-row--race' : ''}${pinned ? ' event-row--pinned' : ''}`;
  return (
    <li className={className} data-event-id={event.id}>
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
