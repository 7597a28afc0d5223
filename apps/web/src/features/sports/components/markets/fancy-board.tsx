import type { Bet, BetSide } from '@backlay/contract/bets';
import type { Market, MarketOdds, SportEvent } from '@backlay/contract/sports';
import { memo, useId, useMemo, useState } from 'react';
import { formatSignedMoney, moneyTone } from '../../../../shared/format/money';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { useBetSlip, useOpenBets } from '../../../bets/index';
import { useSessionRuns } from '../../api/score-session';
import { useNewFancyLines } from '../../hooks/use-new-fancy-lines';
import { fancySessions, type FancyOffer, type FancySession } from '../../model/fancy-sessions';
import { runPosition } from '../../model/run-position';
import { marketSelection } from '../../model/selection';
import { InPlayBadge } from '../event-status';
import { LadderStateLabel } from '../ladder-state-label';
import { NO_PRICE } from '../price-button';
import { RunPositionTable } from './run-position-table';

export interface FancyBoardProps {
  event: Pick<SportEvent, 'id' | 'title'>;
  markets: readonly Market[];
  oddsById: ReadonlyMap<string, MarketOdds>;
}

/*
 * A session's sides read No and Yes. A price's name is what its button shows, in order (the
 * side, the session, runs, then rate), so speech input can name it by its text.
 */
const messages = i18n('sports/fancy-board', {
  title: 'Fancy',
  betDelay: params('Bet delay {seconds} s'),
  no: 'No',
  yes: 'Yes',
  noOffer: params('No {session} {runs} {rate}'),
  yesOffer: params('Yes {session} {runs} {rate}'),
  noPriceForNo: 'No price for No',
  noPriceForYes: 'No price for Yes',
  runPosition: 'Run position',
  // Where the session stands: its runs so far (a boundaries session's boundaries).
  standsAt: params('Now {runs}'),
});

/** Each side's message keys: its offer's name and its empty cell's. */
const SIDE_KEYS = {
  LAY: { offer: 'noOffer', none: 'noPriceForNo' },
  BACK: { offer: 'yesOffer', none: 'noPriceForYes' },
} as const;

/** One side of a session: its run value, large, over its rate; a dash when not on offer. */
function OfferCell({
  session,
  side,
  offer,
  chosen,
  disabled,
  onSelect,
}: {
  session: FancySession;
  side: BetSide;
  offer: FancyOffer | null;
  chosen: boolean;
  disabled: boolean;
  onSelect: (offer: FancyOffer) => void;
}) {
  const t = useMessages(messages);
  const tone = side === 'LAY' ? 'lay' : 'back';
  const keys = SIDE_KEYS[side];
  if (!offer) {
    return (
      <span
        className={`price price--${tone} price--best price--empty`}
        role="img"
        aria-label={t[keys.none]}
      >
        {NO_PRICE}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`price price--${tone} price--best${chosen ? ' price--selected' : ''}`}
      aria-label={t[keys.offer]({ session: session.name, runs: offer.runs, rate: offer.rate })}
      aria-pressed={chosen || undefined}
      disabled={disabled}
      onClick={() => onSelect(offer)}
    >
      <span className="price__odds">{offer.runs}</span>{' '}
      <span className="price__size">{offer.rate}</span>
    </button>
  );
}

const SessionRow = memo(function SessionRow({
  event,
  session,
  bets,
  runs,
}: {
  event: Pick<SportEvent, 'id' | 'title'>;
  session: FancySession;
  bets: readonly Bet[];
  /** The session's runs so far, as the score session says; null or absent before it starts. */
  runs: number | null | undefined;
}) {
  const t = useMessages(messages);
  const open = useBetSlip((s) => s.open);
  const chosen = useBetSlip((s) => s.selection);
  const [showBook, setShowBook] = useState(false);
  const bookId = useId();
  const stateId = useId();
  const bands = useMemo(() => runPosition(bets), [bets]);
  const worst = bands.length > 0 ? Math.min(...bands.map((band) => band.profitLoss)) : null;
  const closed = session.state.kind !== 'OPEN';
  const select = (offer: FancyOffer) =>
    open(
      marketSelection(event, offer.market, offer.runner, offer.side, offer.price, session.inPlay),
    );
  const isChosen = (offer: FancyOffer | null) =>
    offer !== null && chosen?.marketId === offer.market.id && chosen.side === offer.side;
  return (
    <div className="fancy__session" data-state={session.state.kind}>
      <div
        className="fancy__row"
        role="group"
        aria-label={session.name}
        aria-describedby={closed ? stateId : undefined}
      >
        <div className="ladder__runner">
          <span className="ladder__runner-name">{session.name}</span>
          {runs !== null && runs !== undefined ? (
            <span className="fancy__runs">{t.standsAt({ runs })}</span>
          ) : null}
          {worst !== null ? (
            <button
              type="button"
              className="fancy__book"
              aria-expanded={showBook}
              aria-controls={bookId}
              onClick={() => setShowBook((v) => !v)}
            >
              {t.runPosition}{' '}
              <span className={`pnl__value pnl__value--${moneyTone(worst)}`}>
                {formatSignedMoney(worst)}
              </span>
            </button>
          ) : null}
        </div>
        <div className="ladder__cell">
          <OfferCell
            session={session}
            side="LAY"
            offer={session.no}
            chosen={isChosen(session.no)}
            disabled={closed}
            onSelect={select}
          />
        </div>
        <div className="ladder__cell">
          <OfferCell
            session={session}
            side="BACK"
            offer={session.yes}
            chosen={isChosen(session.yes)}
            disabled={closed}
            onSelect={select}
          />
        </div>
        <LadderStateLabel state={session.state} id={stateId} className="fancy__overlay" />
      </div>
      {showBook && bands.length > 0 ? (
        <RunPositionTable id={bookId} sessionName={session.name} bands={bands} />
      ) : null}
    </div>
  );
});

/**
 * The event's fancy sessions in one box, a row each as players read them ("No 84 / Yes 85",
 * each with its rate), with where each stands in play (its runs so far) and the player's run
 * position on a session they hold bets on. A
 * session that has ended leaves the box; the box goes when none is left.
 */
export function FancyBoard({ event, markets, oddsById }: FancyBoardProps) {
  const t = useMessages(messages);
  const sessions = useMemo(() => fancySessions(markets, oddsById), [markets, oddsById]);
  useNewFancyLines(
    event.id,
    sessions.some((session) => session.lineMoved),
  );
  const inPlay = sessions.some((s) => s.inPlay);
  const runs = useSessionRuns(event.id, inPlay).data;
  const openBets = useOpenBets().data?.openBets;
  // A session's bets by its name, whichever of its run values they were struck at: a line the
  // session has moved away from is no longer listed, and its bets still count.
  const betsBySession = useMemo(() => {
    const grouped = new Map<string, Bet[]>();
    for (const bet of openBets ?? []) {
      if (bet.eventId !== event.id || bet.marketType !== 'FANCY') continue;
      grouped.set(bet.marketName, [...(grouped.get(bet.marketName) ?? []), bet]);
    }
    return grouped;
  }, [event.id, openBets]);
  if (sessions.length === 0) return null;
  const delay = Math.max(...sessions.map((s) => s.betDelaySeconds));
  return (
    <section className="market market--fancy" aria-labelledby="fancy-title" data-testid="fancy">
      <header className="market__header">
        <h2 className="market__name" id="fancy-title">
          {t.title}
        </h2>
        <div className="market__badges">
          {inPlay ? <InPlayBadge /> : null}
          {inPlay && delay > 0 ? (
            <span className="market__badge market__badge--muted">
              {t.betDelay({ seconds: delay })}
            </span>
          ) : null}
        </div>
      </header>
      <div className="market__body fancy">
        <div className="fancy__head" aria-hidden="true">
          <span />
          <span className="ladder__side ladder__side--lay">{t.no}</span>
          <span className="ladder__side ladder__side--back">{t.yes}</span>
        </div>
        {sessions.map((session) => (
          <SessionRow
            key={session.name}
            event={event}
            session={session}
            bets={betsBySession.get(session.name) ?? EMPTY}
            runs={runs?.get(session.name)}
          />
        ))}
      </div>
    </section>
  );
}

const EMPTY: readonly Bet[] = [];
