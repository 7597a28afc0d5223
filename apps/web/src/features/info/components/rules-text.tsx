/*
 * The written rules. They describe what this exchange does (how bets are matched, held,
 * settled and voided, as the server does it) and name no figure: every limit, delay and
 * commission rate is the brand's own, in the table the betting-rules call fills. The prices
 * and amounts of the examples are filled in, so that every language shows the same ones.
 */
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { messageWith } from '../../../shared/i18n/message-with';
import { formatLimit } from '../model/rules-figures';
import { RULES_SECTIONS } from '../model/rules-sections';
import { RulesSection, RulesSectionLink } from './rules-section';

const SEE_LIMITS = <RulesSectionLink section={RULES_SECTIONS.limits} />;

const generalMessages = i18n('info/general-rules', {
  intro: params(
    'On an exchange you bet against other players, not against the site. Prices are decimal odds: a price of {price} returns {returns} for every {stake} staked, your stake included.',
  ),
  back: 'Back',
  backText:
    'You bet that a selection will win. If it wins, you win your stake × (price − 1); if it loses, you lose your stake.',
  lay: 'Lay',
  layText:
    'You bet that a selection will not win, taking the place of the bookmaker. If it loses, you win the backer’s stake; if it wins, you pay out stake × (price − 1). That amount is your liability.',
  matched: 'Matched and unmatched bets',
  matchedText:
    'Your bet is matched when another player takes the other side at your price or a better one. It may be matched in full, in part or not at all. The part that is not matched waits in the market as an unmatched bet, at your price, until someone takes it.',
  cancelling: 'Cancelling',
  cancellingText:
    'You can cancel the unmatched part of a bet at any time from your open bets. A matched bet cannot be cancelled. Unmatched match-odds bets are cancelled when the event goes in play, unless you chose to keep them on the bet slip, and whatever is still unmatched when a market is settled is cancelled and its stake returned.',
  exposure: 'Exposure',
  exposureText:
    'Your exposure on a market is the most you could lose there, with all your bets on it counted together, unmatched ones included. Bets on different selections can offset one another, so it can be less than the sum of their liabilities. The header shows your exposure across all markets.',
  balance: 'Balance and available',
  balanceText:
    'Your balance is all your money, including the amount held against your exposure. What is available to bet with is your balance less your exposure. A bet is accepted only if what it adds to your exposure is available, and the amount held is released when the market is settled or the bet is cancelled.',
});

/** How an exchange works: backing and laying, matching, unmatched bets, exposure and balance. */
export function GeneralRules() {
  const t = useMessages(generalMessages);
  return (
    <RulesSection section={RULES_SECTIONS.general}>
      <p>{t.intro({ price: '2.50', returns: formatLimit(250), stake: formatLimit(100) })}</p>
      <dl className="rules-terms">
        <dt>{t.back}</dt>
        <dd>{t.backText}</dd>
        <dt>{t.lay}</dt>
        <dd>{t.layText}</dd>
        <dt>{t.matched}</dt>
        <dd>{t.matchedText}</dd>
        <dt>{t.cancelling}</dt>
        <dd>{t.cancellingText}</dd>
        <dt>{t.exposure}</dt>
        <dd>{t.exposureText}</dd>
        <dt>{t.balance}</dt>
        <dd>{t.balanceText}</dd>
      </dl>
    </RulesSection>
  );
}

const marketMessages = i18n('info/market-type-rules', {
  matchOdds: 'Match odds',
  matchOddsText: params(
    'The exchange market on the result of a match or race, in which players bet against each other. Each selection shows the best three prices to back and to lay, with the rupees available at each. For example, backing at {price} with a stake of {stake} risks {stake} to win {winnings}, while laying at {price} with a stake of {stake} risks a liability of {winnings} to win {stake}. In football, the draw is a selection of its own.',
  ),
  bookmaker: 'Bookmaker',
  bookmakerText: params(
    'A market on the match result at fixed rates quoted by the site. A bookmaker bet is matched at once, in full, at the rate shown, or it is not placed at all: it never waits unmatched. Rates are whole numbers, what a stake of 100 wins: a rate of {rate} is {price} in decimal odds and returns {returns} for every {stake} staked. Bookmaker markets are settled on the match result, in the same way as match odds.',
  ),
  fancy: 'Fancy (sessions)',
  fancyLine: params(
    'Cricket markets on a number the innings reaches: the runs a side scores by the 6th, 10th, 15th or 20th over, the score at the fall of its first wicket, an opening batter’s runs, or the boundaries of its first six overs. Each row shows two values, for example No {no} and Yes {yes}, with two choices: {choices}.',
  ),
  // The two choices are said in two parts, each around its own highlighted word.
  yesChoice: params('{yes} wins if the number reaches its value,'),
  noChoice: params('{no} wins if the number stays below its value'),
  yes: 'Yes',
  no: 'No',
  fancyRate: params(
    'Under each value is its rate, what a stake of 100 wins, so {rate} is even money: a {stake} Yes bet at rate {rate} wins {stake}, and a {stake} No bet at rate {rate} risks {stake} to win {stake}. If the number ends between the two values (here exactly {middle}), both lose. The values move with play; a bet keeps the value and rate it was taken at, and the run position of a session shows what your bets on it make at each final number. Like bookmaker bets, fancy bets are matched at once in full or not placed.',
  ),
  sessionSettled:
    'A session is settled on the official figure: for over runs, the runs its side has when the last ball of the session is bowled, or when the innings ends if that comes first; for the fall of a wicket, the score when it falls (the innings total if it never does); for a batter, their runs when they are out or the innings ends; for boundaries, the fours and sixes hit in the first six overs. Every bet on the session is settled on that one figure, each at its own value.',
});

/** The market types: match odds, bookmaker and fancy (sessions). */
export function MarketTypeRules() {
  const t = useMessages(marketMessages);
  const hundred = formatLimit(100);
  const choices = (
    <>
      {messageWith(t.yesChoice, 'yes', <strong>{t.yes}</strong>)}{' '}
      {messageWith(t.noChoice, 'no', <strong>{t.no}</strong>)}
    </>
  );
  return (
    <RulesSection section={RULES_SECTIONS.markets}>
      <h3 className="rules-section__subtitle">{t.matchOdds}</h3>
      <p>{t.matchOddsText({ price: '2.50', stake: hundred, winnings: formatLimit(150) })}</p>
      <h3 className="rules-section__subtitle">{t.bookmaker}</h3>
      <p>
        {t.bookmakerText({ price: '1.45', returns: formatLimit(145), stake: hundred, rate: 45 })}
      </p>
      <h3 className="rules-section__subtitle">{t.fancy}</h3>
      <p>
        {messageWith(
          (values: { choices: string }) => t.fancyLine({ no: 48, yes: 49, ...values }),
          'choices',
          choices,
        )}{' '}
        {t.fancyRate({ rate: 100, stake: hundred, middle: 48 })}
      </p>
      <p>{t.sessionSettled}</p>
    </RulesSection>
  );
}

const settlementMessages = i18n('info/settlement-rules', {
  official:
    'Markets are settled on the official result. Winnings, less commission, are added to your balance, and the amount held against your exposure on the market is released.',
  commission: params(
    'Commission is charged on your net winnings on each market: your wins and losses on that market added together. If you lose on a market overall, you pay no commission on it. Each site sets its own rate, shown under {limits}.',
  ),
  void: 'A void market is settled as if no bet had been placed on it: every stake is returned, nothing is won or lost and no commission is charged.',
  corrected:
    'If a market is settled on a wrong result, it is corrected: the first settlement is reversed and the market is settled again on the right result. Your balance moves by the difference between the two, commission included, and the correction appears in your account statement.',
  eachSport: 'Each sport',
  // Sports keep their names in every language, as the figures tables name them.
  cricket: 'Cricket',
  cricketText:
    'A tied match is decided by a Super Over (and another if that is tied too), and match odds and bookmaker markets are settled on the side that wins it. If a match is abandoned, every market not yet settled is void; sessions already completed stand. A session on an innings that never starts is void.',
  football: 'Football',
  footballText:
    'Settled on the result at full time. A draw is a result like any other: bets on the draw win. An abandoned match is void.',
  tennis: 'Tennis',
  tennisText:
    'Settled on the player who wins the match. If a player retires or the match is abandoned before it is completed, the match is void.',
  kabaddi: 'Kabaddi',
  kabaddiText:
    'A match level at full time goes to a tie-breaker (five raids each, then golden raids), so there is always a winner, and the market is settled on that winner. An abandoned match is void.',
  horseRacing: 'Horse racing',
  horseRacingText:
    'Settled on the winner once the result is declared after the weigh-in. A race declared void is void: every stake is returned.',
});

/** How each sport's markets are settled, voided and corrected. */
export function SettlementRules() {
  const t = useMessages(settlementMessages);
  return (
    <RulesSection section={RULES_SECTIONS.settlement}>
      <ul className="rules-list">
        <li>{t.official}</li>
        <li>{messageWith(t.commission, 'limits', SEE_LIMITS)}</li>
        <li>{t.void}</li>
        <li>{t.corrected}</li>
      </ul>
      <h3 className="rules-section__subtitle">{t.eachSport}</h3>
      <dl className="rules-terms">
        <dt>{t.cricket}</dt>
        <dd>{t.cricketText}</dd>
        <dt>{t.football}</dt>
        <dd>{t.footballText}</dd>
        <dt>{t.tennis}</dt>
        <dd>{t.tennisText}</dd>
        <dt>{t.kabaddi}</dt>
        <dd>{t.kabaddiText}</dd>
        <dt>{t.horseRacing}</dt>
        <dd>{t.horseRacingText}</dd>
      </dl>
    </RulesSection>
  );
}

const inPlayMessages = i18n('info/in-play-rules', {
  delay: params(
    'Once an event is in play, every bet you place waits for its market’s bet delay before it reaches the market; the bet slip and the market both show the delay. The delays of each sport on this site are under {limits}.',
  ),
  suspendedWhileWaiting:
    'If the market is suspended while your bet is waiting, the bet is refused and nothing is placed. You can place it again once the market reopens, at the prices then on offer.',
  keyMoments:
    'Markets are suspended at key moments, such as a wicket or an innings break in cricket, a goal or a red card in football, a break of serve in tennis, a big swing of points in kabaddi, and the finish of a race. The site can also suspend a market. While a market is suspended it shows “Suspended” over its prices and takes no bets. It reopens with fresh prices.',
  ballRunning:
    'Bookmaker and fancy markets close for every ball of a cricket match and show “Ball running” until it has been bowled, so their delay is shorter than the match odds’, or none.',
  unmatchedStay: 'Your unmatched bets stay in a suspended market unless you cancel them.',
});

/** Bet delays and suspensions while an event is in play. */
export function InPlayRules() {
  const t = useMessages(inPlayMessages);
  return (
    <RulesSection section={RULES_SECTIONS.inPlay}>
      <ul className="rules-list">
        <li>{messageWith(t.delay, 'limits', SEE_LIMITS)}</li>
        <li>{t.suspendedWhileWaiting}</li>
        <li>{t.keyMoments}</li>
        <li>{t.ballRunning}</li>
        <li>{t.unmatchedStay}</li>
      </ul>
    </RulesSection>
  );
}
