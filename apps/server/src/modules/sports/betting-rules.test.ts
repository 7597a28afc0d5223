import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BettingRules, MarketTypeRules } from '@backlay/contract/betting-rules';
import { build, TEST_BACKENDS } from '../../test-helper';
import { caller, signUpPlayer } from '../account/account-test-kit';
import { setPlayerMaxStake } from '../account';

const PATH = 'Setting/GetBettingRules';
const ip = () => `198.18.${randomInt(256)}.${randomInt(256)}`;

type Limits = Pick<MarketTypeRules, 'minStake' | 'maxStake' | 'maxLiability'>;

/*
 * The figures of config/domains/betting.json, written out here so that the answer is checked
 * against the brands' configuration rather than against the code that reads it.
 */
const DEFAULT_LIMITS: Limits = { minStake: 100, maxStake: 500_000, maxLiability: 2_000_000 };
const DEFAULT_FANCY: Limits = { minStake: 100, maxStake: 100_000, maxLiability: 500_000 };
/** raceday.bet's own limits for every sport (its fancy markets keep the defaults). */
const RACEDAY_LIMITS: Limits = { minStake: 50, maxStake: 250_000, maxLiability: 1_000_000 };
const DELAY_SECONDS = { 1: 5, 2: 3, 3: 5, 25: 3, 26: 2 } as const;
/** Cricket's bookmaker and fancy close for every ball: their own delay, not the sport's. */
const BALL_RUNNING_DELAY_SECONDS = 0;
const SPORT_NAMES = {
  1: 'Football',
  2: 'Tennis',
  3: 'Cricket',
  25: 'Kabaddi',
  26: 'Horse Racing',
} as const;
type TestSportId = keyof typeof SPORT_NAMES;

/** One sport of the answer as a brand with these limits and commission should give it. */
function sportRules(
  sportId: TestSportId,
  {
    exchange,
    fancy,
    commissionPercent,
  }: { exchange: Limits; fancy: Limits; commissionPercent: number },
): BettingRules['sports'][number] {
  const delay = DELAY_SECONDS[sportId];
  const ballByBall = sportId === 3 ? BALL_RUNNING_DELAY_SECONDS : delay;
  return {
    sportId,
    sportName: SPORT_NAMES[sportId],
    markets: [
      { marketType: 'MATCH_ODDS', ...exchange, betDelaySeconds: delay, commissionPercent },
      { marketType: 'BOOKMAKER', ...exchange, betDelaySeconds: ballByBall, commissionPercent },
      { marketType: 'FANCY', ...fancy, betDelaySeconds: ballByBall, commissionPercent },
    ],
  };
}

describe.each(TEST_BACKENDS)("the brand's betting rules on %s", async (backend) => {
  const { app, db } = await build({ backend });
  const call = caller(app);
  const rulesOf = (host: string, token?: string) => call('GET', PATH, { host, token });

  it('gives each sport the brand shows with its own limits, delays and commission', async () => {
    const player = await signUpPlayer(app, db, { host: 'raceday.bet', ip: ip() });
    const res = await rulesOf('raceday.bet', player.accessToken);
    expect(res.status).toBe(200);
    const brand = { exchange: RACEDAY_LIMITS, fancy: DEFAULT_FANCY, commissionPercent: 5 };
    expect(res.body.result).toEqual({
      sports: ([1, 2, 3, 25, 26] as const).map((id) => sportRules(id, brand)),
    } satisfies BettingRules);
  });

  it('leaves out the sports a brand switches off, and gives the defaults it does not change', async () => {
    // kabaddikings.in has no horse racing and charges 3% commission.
    const kabaddi = await signUpPlayer(app, db, { host: 'kabaddikings.in', ip: ip() });
    const kabaddiRules = await rulesOf('kabaddikings.in', kabaddi.accessToken);
    expect(kabaddiRules.body.result).toEqual({
      sports: ([1, 2, 3, 25] as const).map((id) =>
        sportRules(id, { exchange: DEFAULT_LIMITS, fancy: DEFAULT_FANCY, commissionPercent: 3 }),
      ),
    } satisfies BettingRules);

    // 99exch.in has neither kabaddi nor horse racing, and the default commission.
    const exch = await signUpPlayer(app, db, { host: '99exch.in', ip: ip() });
    const exchRules = await rulesOf('99exch.in', exch.accessToken);
    expect(exchRules.body.result).toEqual({
      sports: ([1, 2, 3] as const).map((id) =>
        sportRules(id, { exchange: DEFAULT_LIMITS, fancy: DEFAULT_FANCY, commissionPercent: 2 }),
      ),
    } satisfies BettingRules);
  });

  it("leaves out a sport switched off for the player, and gives an operator's lower stake limit", async () => {
    const player = await signUpPlayer(app, db, { host: 'kabaddikings.in', ip: ip() });
    await db.query('UPDATE users SET tennis = false WHERE id = $1', [player.id]);
    // ₹10,000: below the brand's maximum of every market type.
    await db.transaction((tx) => setPlayerMaxStake(tx, player.id, 10_000_00));
    const res = await rulesOf('kabaddikings.in', player.accessToken);
    const rules = res.body.result as BettingRules;
    expect(rules.sports.map((sport) => sport.sportId)).toEqual([1, 3, 25]);
    for (const sport of rules.sports) {
      expect(sport.markets.map((market) => market.maxStake)).toEqual([10_000, 10_000, 10_000]);
      expect(sport.markets.map((market) => market.maxLiability)).toEqual([
        2_000_000, 2_000_000, 500_000,
      ]);
    }
  });

  it('is for players only: no bearer, or a bad one, is 401', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await rulesOf('raceday.bet', token);
      expect({ status: res.status, code: res.body.error?.code }).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
      });
      expect(res.body.result ?? null).toBeNull();
    }
  });
});
