import type { BetSide } from '@backlay/contract/bets';
import type { Market, MarketOdds, PriceSize } from '@backlay/contract/sports';
import { rateOf, runValueOf } from '../../bets/index';
import { combinedStatus, type LadderState, ladderState } from './market-state';

/*
 * A fancy session as players read it: "No 84 / Yes 85", each with a rate. Underneath, a
 * session is a family of binary markets of one name, one per run value (its line is the value
 * less a half: Yes wins at the value or more), and the house quotes two of them at a time: on
 * one it takes No (lay Yes there: fewer runs than the value), on the next it takes Yes. As the
 * line moves the house quotes other values; values it stopped quoting hold their bets until the
 * session settles them all.
 */

/** One side of a session the player can take now. */
export interface FancyOffer {
  market: Market;
  /** The Yes runner of that market: No is a lay of it. */
  runner: Market['runners'][number];
  side: BetSide;
  /** The run count the side is named by: No 84 wins below 84, Yes 85 from 85 up. */
  runs: number;
  price: number;
  rate: number;
  size: number;
}

export interface FancySession {
  name: string;
  /** Every value of the session the page knows, quoted or not. */
  markets: Market[];
  no: FancyOffer | null;
  yes: FancyOffer | null;
  /** The session's state: of its quoted values, or of all of them when none is quoted. */
  state: LadderState;
  inPlay: boolean;
  betDelaySeconds: number;
  /**
   * Open, yet a side has no quote: the house has moved the line to a value this page does not
   * know yet, so the event's markets are due to be read again.
   */
  lineMoved: boolean;
}

function offer(market: Market, odds: MarketOdds | undefined, side: BetSide): FancyOffer | null {
  const runner = market.runners[0];
  if (!runner) return null;
  const prices = odds?.runners.find((r) => r.runnerId === runner.id);
  // The house's back order on Yes is what players lay (No); its lay order what they back.
  const level: PriceSize | undefined = (side === 'LAY' ? prices?.lay : prices?.back)?.[0];
  if (!level || market.line === null) return null;
  return {
    market,
    runner,
    side,
    runs: runValueOf(market.line),
    price: level.price,
    rate: rateOf(level.price),
    size: level.size,
  };
}

/** Whether a market still takes part: open or suspended, by its own data and its prices. */
function isLive(market: Market, odds: MarketOdds | undefined): boolean {
  const status = combinedStatus(market.status, odds?.status);
  return status === 'OPEN' || status === 'SUSPENDED';
}

/**
 * An event's FANCY markets as sessions, in the order their first value is listed; a session
 * none of whose values is open or suspended any more has ended and is left out.
 */
export function fancySessions(
  markets: readonly Market[],
  oddsById: ReadonlyMap<string, MarketOdds>,
): FancySession[] {
  const byName = new Map<string, Market[]>();
  for (const market of markets) {
    if (market.type !== 'FANCY') continue;
    const family = byName.get(market.name);
    if (family) family.push(market);
    else byName.set(market.name, [market]);
  }
  const sessions: FancySession[] = [];
  for (const [name, family] of byName) {
    const live = family.filter((m) => isLive(m, oddsById.get(m.id)));
    if (live.length === 0) continue;
    // The best No is the highest value and the best Yes the lowest, should more be quoted.
    const noOffers = live
      .map((m) => offer(m, oddsById.get(m.id), 'LAY'))
      .filter((o): o is FancyOffer => o !== null)
      .sort((a, b) => b.runs - a.runs);
    const yesOffers = live
      .map((m) => offer(m, oddsById.get(m.id), 'BACK'))
      .filter((o): o is FancyOffer => o !== null)
      .sort((a, b) => a.runs - b.runs);
    const no = noOffers[0] ?? null;
    const yes = yesOffers[0] ?? null;
    const quoted = [no?.market, yes?.market].filter((m): m is Market => m !== undefined);
    // The state the row shows: a suspension of a quoted value (a ball running) shows on the
    // row; with nothing quoted, the values that remain say it.
    const stateOf = (m: Market) => ladderState(m, oddsById.get(m.id));
    const states = (quoted.length > 0 ? quoted : live).map(stateOf);
    const state = states.find((s) => s.kind !== 'OPEN') ?? states[0] ?? { kind: 'OPEN' };
    const first = quoted[0] ?? live[0] ?? family[0];
    sessions.push({
      name,
      markets: family,
      no,
      yes,
      state,
      inPlay: live.some((m) => oddsById.get(m.id)?.inPlay ?? m.inPlay),
      betDelaySeconds: first?.betDelaySeconds ?? 0,
      // Only once every value's prices are known: a page still loading them has moved nothing.
      lineMoved:
        state.kind === 'OPEN' &&
        (no === null || yes === null) &&
        live.every((m) => oddsById.has(m.id)),
    });
  }
  return sessions;
}
