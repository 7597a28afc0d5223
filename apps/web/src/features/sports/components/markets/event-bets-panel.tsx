import type { Bet } from '@backlay/contract/bets';
import type { Market } from '@backlay/contract/sports';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../../shared/api/request-error';
import { MatchedBetCard, UnmatchedBetCard } from '../../../../shared/bets/bet-card';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { paths } from '../../../../shared/paths';
import { StateMessage } from '../../../../shared/ui/state-message';
import { matchedLiability, useCancelBet, useOpenBets } from '../../../bets/index';
import { CashOutBox, cashOutMarkets } from '../../../cash-out/index';
import { eventOddsQueryOptions } from '../../api/event-odds';

const messages = i18n('sports/event-bets-panel', {
  title: 'Open bets on this event',
  unmatchedCount: params('{count} unmatched'),
  loading: 'Loading your bets…',
  failed: params('Your open bets could not be loaded: {error}'),
  none: 'You have no open bets on this event.',
  unmatched: 'Unmatched',
  unmatchedList: 'Unmatched bets on this event',
  matched: 'Matched',
  matchedList: 'Matched bets on this event',
  allOpenBets: 'All your open bets',
});

/** The parts of the player's bets, each with its title and its list's name. */
const GROUPS = {
  unmatched: { title: 'unmatched', list: 'unmatchedList' },
  matched: { title: 'matched', list: 'matchedList' },
} as const;

/**
 * Screens narrower than the markets page's side column (markets.css gives it one from
 * 1024 px): the panel sits above the prices there, so it starts folded.
 */
export const SINGLE_COLUMN_MEDIA = '(max-width: 1023px)';

function startsFolded(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(SINGLE_COLUMN_MEDIA).matches;
}

/** One part of the player's bets on the event, or nothing when it holds none. */
function BetGroup({
  group,
  bets,
  card,
}: {
  group: keyof typeof GROUPS;
  bets: Bet[];
  card: (bet: Bet) => ReactNode;
}) {
  const t = useMessages(messages);
  if (bets.length === 0) return null;
  return (
    <>
      <h3 className="event-bets__subtitle">
        {t[GROUPS[group].title]} <span className="event-bets__count">{bets.length}</span>
      </h3>
      <ul className="bet-list" aria-label={t[GROUPS[group].list]}>
        {bets.map(card)}
      </ul>
    </>
  );
}

/**
 * The player's open bets on the event shown, unmatched (each with Cancel) and matched apart,
 * from the same open-bets query as the open bets page, so a placement, a cancellation, a
 * match or a settlement shows here as soon as that query is read again. Above them, a cash
 * out for each match odds or bookmaker market with matched bets, quoted again as the
 * market's prices move (the page's live odds, read here without a fetch of their own) while
 * the panel is open.
 */
export function EventBetsPanel({
  eventId,
  markets,
}: {
  eventId: number;
  markets: readonly Market[];
}) {
  const t = useMessages(messages);
  const { data, error, isPending } = useOpenBets();
  const { mutateAsync: cancel } = useCancelBet();
  const odds = useQuery({ ...eventOddsQueryOptions(eventId), enabled: false });
  const [expanded, setExpanded] = useState(() => !startsFolded());
  const bodyId = useId();
  const bets = useMemo(
    () => data?.openBets.filter((bet) => bet.eventId === eventId) ?? [],
    [data, eventId],
  );
  const cashOuts = useMemo(() => cashOutMarkets(bets, markets), [bets, markets]);
  const unmatched = bets.filter((bet) => bet.unmatchedStake > 0);
  const matched = bets.filter((bet) => bet.matchedStake > 0);

  return (
    <section className="side-box event-bets" aria-label={t.title}>
      <h2 className="side-box__title">
        <button
          type="button"
          className="event-bets__toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((v) => !v)}
        >
          <span>{t.title}</span>
          {data ? (
            <span className="event-bets__summary" data-testid="event-bets-summary">
              {bets.length}
              {unmatched.length > 0 ? ` · ${t.unmatchedCount({ count: unmatched.length })}` : ''}
            </span>
          ) : null}
        </button>
      </h2>
      <div className="event-bets__body" id={bodyId} hidden={!expanded}>
        {isPending ? (
          <StateMessage kind="loading" compact>
            {t.loading}
          </StateMessage>
        ) : error && !data ? (
          <StateMessage kind="error" compact>
            {t.failed({ error: errorMessage(error) })}
          </StateMessage>
        ) : bets.length === 0 ? (
          <StateMessage kind="empty" compact>
            {t.none}
          </StateMessage>
        ) : (
          <>
            {cashOuts.map((market) => (
              <CashOutBox
                key={market.id}
                market={market}
                prices={odds.data?.find((o) => o.marketId === market.id)}
                active={expanded}
              />
            ))}
            <BetGroup
              group="unmatched"
              bets={unmatched}
              card={(bet) => (
                <UnmatchedBetCard key={bet.id} bet={bet} cancel={cancel} linkEvent={false} />
              )}
            />
            <BetGroup
              group="matched"
              bets={matched}
              card={(bet) => (
                <MatchedBetCard
                  key={bet.id}
                  bet={bet}
                  liability={matchedLiability(bet)}
                  linkEvent={false}
                />
              )}
            />
          </>
        )}
        <Link className="event-bets__all" to={paths.openBets.path}>
          {t.allOpenBets}
        </Link>
      </div>
    </section>
  );
}
