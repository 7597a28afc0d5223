import type { BettingRules } from '@backlay/contract/betting-rules';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { StateMessage } from '../../../shared/ui/state-message';
import { useBettingRules } from '../api/betting-rules';
import { figureMessages, FIGURE_ROWS } from '../model/rules-figures';
import { RULES_SECTIONS } from '../model/rules-sections';
import { RulesSection } from './rules-section';
import { useSportNames } from '../../../shared/format/sport-names';

const messages = i18n('info/brand-figures', {
  explained:
    'The stake limits apply to each bet. The maximum liability is the most you can stand to lose on one market, all your bets on it together; a bet that would take you past it, or a stake outside the limits, is refused. The in-play delay applies to bets placed while the event is in play, and commission is charged on net winnings on each market.',
  loading: 'Loading your limits…',
  tryAgain: 'Try again',
  failed: params('Your limits could not be loaded: {reason}'),
  noSports: 'No sports are open for betting on your account.',
});

type SportRules = BettingRules['sports'][number];

/** One sport's figures: a column per market type, a row per figure. */
function SportFigures({ sport }: { sport: SportRules }) {
  const t = useMessages(figureMessages);
  const sportNames = useSportNames();
  return (
    <div className="rules-figures__scroll">
      <table className="rules-table">
        <caption className="rules-table__caption">
          {sportNames(sport.sportId, sport.sportName)}
        </caption>
        <thead>
          <tr>
            <td />
            {sport.markets.map((market) => (
              <th key={market.marketType} scope="col">
                {t[market.marketType]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FIGURE_ROWS.map((row) => (
            <tr key={row.label}>
              <th scope="row">{t[row.label]}</th>
              {sport.markets.map((market) => (
                <td key={market.marketType}>{row.value(market)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the figures are, then the brand's own for each sport, or why they are not shown. */
export function BrandFigures() {
  const t = useMessages(messages);
  return (
    <RulesSection section={RULES_SECTIONS.limits}>
      <p>{t.explained}</p>
      <FiguresOrState />
    </RulesSection>
  );
}

/**
 * The figures of each sport the player may bet on, from the betting-rules call; while it loads
 * or after it fails, it says so and shows no figure at all.
 */
function FiguresOrState() {
  const t = useMessages(messages);
  const rules = useBettingRules();
  if (rules.isPending) return <StateMessage kind="loading">{t.loading}</StateMessage>;
  if (rules.data === undefined) {
    return (
      <StateMessage
        kind="error"
        action={
          <Button variant="outline" size="sm" onClick={() => void rules.refetch()}>
            {t.tryAgain}
          </Button>
        }
      >
        {t.failed({ reason: errorMessage(rules.error) })}
      </StateMessage>
    );
  }
  if (rules.data.sports.length === 0) {
    return <StateMessage kind="empty">{t.noSports}</StateMessage>;
  }
  // Also after a failed refetch: the figures loaded before stay on screen.
  return (
    <div className="rules-figures">
      {rules.data.sports.map((sport) => (
        <SportFigures key={sport.sportId} sport={sport} />
      ))}
    </div>
  );
}
