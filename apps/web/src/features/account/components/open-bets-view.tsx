import type { Bet } from '@backlay/contract/bets';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { MatchedBetCard, UnmatchedBetCard } from '../../../shared/bets/bet-card';
import { matchedLiability, useCancelBet, useOpenBets } from '../../bets/index';
import { formatMoney } from '../../../shared/format/money';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { StateMessage } from '../../../shared/ui/state-message';
import './bets.css';

const messages = i18n('account/open-bets', {
  loading: 'Loading your open bets…',
  failed: params('Your open bets could not be loaded: {error}'),
  balance: 'Balance',
  exposure: 'Exposure',
  unmatched: 'Unmatched bets',
  noUnmatched: 'No bets are waiting to be matched.',
  matched: 'Matched bets',
  noMatched: 'No matched bets are open.',
});

/** One part of the open bets, titled with how many bets it holds. */
function BetSection({
  id,
  title,
  bets,
  empty,
  renderCard,
}: {
  id: string;
  title: string;
  bets: Bet[];
  /** What the section says when it holds no bet. */
  empty: string;
  /** The bet's card, with its key. */
  renderCard: (bet: Bet) => ReactNode;
}) {
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 className="account-section__title" id={id}>
        {title} <span className="open-bets__count">{bets.length}</span>
      </h2>
      {bets.length === 0 ? (
        <StateMessage kind="empty" compact>
          {empty}
        </StateMessage>
      ) : (
        <ul className="bet-list" aria-label={title}>
          {bets.map(renderCard)}
        </ul>
      )}
    </section>
  );
}

/**
 * The player's open bets, unmatched and matched apart: a partly matched bet shows in both,
 * each part with its own amounts; every unmatched part can be cancelled.
 */
export function OpenBetsView() {
  const t = useMessages(messages);
  const { data, error, isPending } = useOpenBets();
  const { mutateAsync: cancel } = useCancelBet();
  if (isPending) return <StateMessage kind="loading">{t.loading}</StateMessage>;
  if (error && !data) {
    return <StateMessage kind="error">{t.failed({ error: errorMessage(error) })}</StateMessage>;
  }
  const unmatched = data.openBets.filter((b) => b.unmatchedStake > 0);
  const matched = data.openBets.filter((b) => b.matchedStake > 0);
  return (
    <div className="open-bets">
      <dl className="open-bets__wallet">
        <div>
          <dt>{t.balance}</dt>
          <dd>{formatMoney(data.balance)}</dd>
        </div>
        <div>
          <dt>{t.exposure}</dt>
          <dd data-testid="open-bets-exposure">{formatMoney(data.exposure)}</dd>
        </div>
      </dl>
      <BetSection
        id="unmatched-bets"
        title={t.unmatched}
        bets={unmatched}
        empty={t.noUnmatched}
        renderCard={(bet) => <UnmatchedBetCard key={bet.id} bet={bet} cancel={cancel} />}
      />
      <BetSection
        id="matched-bets"
        title={t.matched}
        bets={matched}
        empty={t.noMatched}
        renderCard={(bet) => (
          <MatchedBetCard key={bet.id} bet={bet} liability={matchedLiability(bet)} />
        )}
      />
    </div>
  );
}
