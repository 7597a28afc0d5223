/*
 * The written rules. They describe what this exchange does (how bets are matched, held,
 * settled and voided, as the server does it) and name no figure: every limit, delay and
 * commission rate is the brand's own, in the table the betting-rules call fills.
 */
import { RULES_SECTIONS } from '../model/rules-sections';
import { RulesSection, RulesSectionLink } from './rules-section';

const SEE_LIMITS = <RulesSectionLink section={RULES_SECTIONS.limits} />;

/** How an exchange works: backing and laying, matching, unmatched bets, exposure and balance. */
export function GeneralRules() {
  return (
    <RulesSection section={RULES_SECTIONS.general}>
      <p>
        On an exchange you bet against other players, not against the site. Prices are decimal odds:
        a price of 2.50 returns ₹250 for every ₹100 staked, your stake included.
      </p>
      <dl className="rules-terms">
        <dt>Back</dt>
        <dd>
          You bet that a selection will win. If it wins, you win your stake × (price − 1); if it
          loses, you lose your stake.
        </dd>
        <dt>Lay</dt>
        <dd>
          You bet that a selection will not win, taking the place of the bookmaker. If it loses, you
          win the backer’s stake; if it wins, you pay out stake × (price − 1). That amount is your
          liability.
        </dd>
        <dt>Matched and unmatched bets</dt>
        <dd>
          Your bet is matched when another player takes the other side at your price or a better
          one. It may be matched in full, in part or not at all. The part that is not matched waits
          in the market as an unmatched bet, at your price, until someone takes it.
        </dd>
        <dt>Cancelling</dt>
        <dd>
          You can cancel the unmatched part of a bet at any time from your open bets. A matched bet
          cannot be cancelled. Unmatched match-odds bets are cancelled when the event goes in play,
          unless you chose to keep them on the bet slip, and whatever is still unmatched when a
          market is settled is cancelled and its stake returned.
        </dd>
        <dt>Exposure</dt>
        <dd>
          Your exposure on a market is the most you could lose there, with all your bets on it
          counted together, unmatched ones included. Bets on different selections can offset one
          another, so it can be less than the sum of their liabilities. The header shows your
          exposure across all markets.
        </dd>
        <dt>Balance and available</dt>
        <dd>
          Your balance is all your money, including the amount held against your exposure. What is
          available to bet with is your balance less your exposure. A bet is accepted only if what
          it adds to your exposure is available, and the amount held is released when the market is
          settled or the bet is cancelled.
        </dd>
      </dl>
    </RulesSection>
  );
}

/** The market types: match odds, bookmaker and fancy (sessions). */
export function MarketTypeRules() {
  return (
    <RulesSection section={RULES_SECTIONS.markets}>
      <h3 className="rules-section__subtitle">Match odds</h3>
      <p>
        The exchange market on the result of a match or race, in which players bet against each
        other. Each selection shows the best three prices to back and to lay, with the rupees
        available at each. For example, backing at 2.50 with a stake of ₹100 risks ₹100 to win ₹150,
        while laying at 2.50 with a stake of ₹100 risks a liability of ₹150 to win ₹100. In
        football, the draw is a selection of its own.
      </p>
      <h3 className="rules-section__subtitle">Bookmaker</h3>
      <p>
        A market on the match result at fixed rates quoted by the site. A bookmaker bet is matched
        at once, in full, at the rate shown, or it is not placed at all: it never waits unmatched.
        Rates are shown in full as decimal odds, like match odds, so 1.45 returns ₹145 for every
        ₹100 staked (some sites write the same rate as 45). Bookmaker markets are settled on the
        match result, in the same way as match odds.
      </p>
      <h3 className="rules-section__subtitle">Fancy (sessions)</h3>
      <p>
        Cricket markets on runs, such as the runs a side scores in its first six overs. Each shows a
        line, for example 48.5 runs, with two choices: <strong>Yes</strong> if you expect more runs
        than the line, <strong>No</strong> if you expect fewer. The rate beside the line is in
        decimal odds, so 2.00 is even money (written as 100 on some sites): a ₹100 Yes bet at 2.00
        wins ₹100, and a ₹100 No bet at 2.00 risks ₹100 to win ₹100. Like bookmaker bets, fancy bets
        are matched at once in full or not placed.
      </p>
      <p>
        A session is settled on the official score at that point of the innings: the runs its side
        has when the last ball of the session is bowled, or when the innings ends if that comes
        first. Yes wins if that score is above the line; otherwise No wins.
      </p>
    </RulesSection>
  );
}

/** How each sport's markets are settled, voided and corrected. */
export function SettlementRules() {
  return (
    <RulesSection section={RULES_SECTIONS.settlement}>
      <ul className="rules-list">
        <li>
          Markets are settled on the official result. Winnings, less commission, are added to your
          balance, and the amount held against your exposure on the market is released.
        </li>
        <li>
          Commission is charged on your net winnings on each market: your wins and losses on that
          market added together. If you lose on a market overall, you pay no commission on it. Each
          site sets its own rate, shown under {SEE_LIMITS}.
        </li>
        <li>
          A void market is settled as if no bet had been placed on it: every stake is returned,
          nothing is won or lost and no commission is charged.
        </li>
        <li>
          If a market is settled on a wrong result, it is corrected: the first settlement is
          reversed and the market is settled again on the right result. Your balance moves by the
          difference between the two, commission included, and the correction appears in your
          account statement.
        </li>
      </ul>
      <h3 className="rules-section__subtitle">Each sport</h3>
      <dl className="rules-terms">
        <dt>Cricket</dt>
        <dd>
          A tied match is decided by a Super Over (and another if that is tied too), and match odds
          and bookmaker markets are settled on the side that wins it. If a match is abandoned, every
          market not yet settled is void; sessions already completed stand. A session on an innings
          that never starts is void.
        </dd>
        <dt>Football</dt>
        <dd>
          Settled on the result at full time. A draw is a result like any other: bets on the draw
          win. An abandoned match is void.
        </dd>
        <dt>Tennis</dt>
        <dd>
          Settled on the player who wins the match. If a player retires or the match is abandoned
          before it is completed, the match is void.
        </dd>
        <dt>Kabaddi</dt>
        <dd>
          A match level at full time goes to a tie-breaker (five raids each, then golden raids), so
          there is always a winner, and the market is settled on that winner. An abandoned match is
          void.
        </dd>
        <dt>Horse racing</dt>
        <dd>
          Settled on the winner once the result is declared after the weigh-in. A race declared void
          is void: every stake is returned.
        </dd>
      </dl>
    </RulesSection>
  );
}

/** Bet delays and suspensions while an event is in play. */
export function InPlayRules() {
  return (
    <RulesSection section={RULES_SECTIONS.inPlay}>
      <ul className="rules-list">
        <li>
          Once an event is in play, every bet you place waits for that sport’s bet delay before it
          reaches the market; the bet slip and the market both show the delay. The delay of each
          sport on this site is under {SEE_LIMITS}.
        </li>
        <li>
          If the market is suspended while your bet is waiting, the bet is refused and nothing is
          placed. You can place it again once the market reopens, at the prices then on offer.
        </li>
        <li>
          Markets are suspended at key moments, such as a wicket or an innings break in cricket, a
          goal or a red card in football, a break of serve in tennis, a big swing of points in
          kabaddi, and the finish of a race. The site can also suspend a market. While a market is
          suspended it shows “Suspended” over its prices and takes no bets; some sites call this
          “ball running”. It reopens with fresh prices.
        </li>
        <li>Your unmatched bets stay in a suspended market unless you cancel them.</li>
      </ul>
    </RulesSection>
  );
}
