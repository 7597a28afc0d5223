/**
 * Betting wagering when an operator corrects a settled market, on PGlite and PostgreSQL, through
 * the back office's calls: a winner corrected to void takes back exactly what that market
 * counted; void corrected to a winner counts it once, however often the hook runs or the result
 * goes back and forth; one winner corrected to another keeps the count; a converted bonus stays
 * converted; a bonus claimed after the settlement loses nothing. The ledger is audited after each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { TEST_BACKENDS, type Backend } from '../../test-helper';
import { adminApp } from '../admin/admin-test-kit';
import { casinoKit, must } from '../casino/casino-test-kit';
import { onMarketSettled, type MarketSettled } from '../exchange';
import { placeBody, seedEvent, silentFeedRunner } from '../exchange/exchange-test-kit';
import { auditLedger, SOUND_LEDGER } from '../wallet';
import { campaignDraft } from './bonus-test-kit';
import { countSettledMarket } from './wagering';

describe.each(TEST_BACKENDS)('wagering after a settlement correction (%s)', (backend: Backend) => {
  let kit: Awaited<ReturnType<typeof adminApp>>;
  let players: ReturnType<typeof casinoKit>;
  let owner: Awaited<ReturnType<typeof kit.owner>>;
  let feed: ReturnType<typeof silentFeedRunner>;
  /** ₹1,000 to wager 10 times: no market here completes it. */
  let longBonus: string;
  /** ₹100 to wager once: one ₹100 stake converts it. */
  let shortBonus: string;
  /** What the settlement hooks were given, market by market, in order. */
  const hookCalls: MarketSettled[] = [];

  const campaign = (title: string, amount: number, wageringMultiplier: number) =>
    campaignDraft({
      title,
      description: 'Settled stakes count towards it.',
      amount,
      wageringMultiplier,
    });

  beforeAll(async () => {
    kit = await adminApp(backend);
    players = casinoKit(kit.app, kit.db);
    owner = await kit.owner();
    feed = silentFeedRunner(kit.db);
    const made = async (input: Record<string, unknown>) =>
      must((await kit.call(calls.createBonusCampaignRoute, { token: owner.token, input })).result)
        .id;
    longBonus = await made(campaign('Long wager', 1_000, 10));
    shortBonus = await made(campaign('Short wager', 100, 1));
    onMarketSettled(kit.db, async (_tx, market) => {
      hookCalls.push(market);
    });
  });

  type Player = Awaited<ReturnType<typeof players.player>>;

  /** The player's claimed bonus of a campaign (its id). */
  async function claimed(player: Player, campaignId: string): Promise<string> {
    const body = (await player.call('GET', 'Bonus/Claim', { bonusId: campaignId })).body;
    expect(body.result?.outcome, JSON.stringify(body)).toBe('CLAIMED');
    return body.result.bonus.id as string;
  }

  async function newMarket(): Promise<string> {
    return must((await seedEvent(kit.db, feed)).markets.match_odds);
  }

  /** Backs runner 1 for `rupees`, matched in full by the market maker at 1.97. */
  async function back(player: Player, marketId: string, rupees: number) {
    const placed = await player.call(
      'POST',
      'Bet/PlaceBetV2',
      placeBody(marketId, 1, 'BACK', 1.9, rupees),
    );
    expect(placed.body.result?.bet.matchedStake, JSON.stringify(placed.body)).toBe(rupees);
  }

  async function settle(marketId: string, winnerRunnerId: number | null) {
    const answer =
      winnerRunnerId === null
        ? await kit.call(calls.voidMarketRoute, {
            token: owner.token,
            input: { marketId, reason: 'abandoned' },
          })
        : await kit.call(calls.settleMarketRoute, {
            token: owner.token,
            input: { marketId, winnerRunnerId, reason: 'full time' },
          });
    expect(answer.error).toBeNull();
  }

  async function correct(marketId: string, winnerRunnerId: number | null) {
    const answer = await kit.call(calls.correctSettlementRoute, {
      token: owner.token,
      input: { marketId, winnerRunnerId, reason: 'the result was wrong' },
    });
    expect(answer.error).toBeNull();
    expect(answer.result?.market.winnerRunnerId).toBe(winnerRunnerId);
  }

  async function bonus(id: string) {
    const [row] = await kit.db.query<{ status: string; wagered: number }>(
      `SELECT status, wagered_minor::int AS wagered FROM player_bonuses WHERE id = $1`,
      [id],
    );
    return must(row);
  }

  /** What each bonus's record says the market counted, by bonus id. */
  async function counts(marketId: string) {
    const rows = await kit.db.query<{ bonus_id: string; counted: number }>(
      `SELECT bonus_id, counted_minor::int AS counted FROM bonus_wagering_counts
       WHERE market_id = $1`,
      [marketId],
    );
    return Object.fromEntries(rows.map((row) => [row.bonus_id, row.counted]));
  }

  /** The hook's last call for a market: what the settlement or correction gave it. */
  const lastHookCall = (marketId: string) =>
    must(hookCalls.filter((market) => market.marketId === marketId).at(-1));

  /** Runs the bonus module's hook again, in a transaction of its own, as it was once called. */
  const runHookAgain = (market: MarketSettled) =>
    kit.db.transaction((tx) => countSettledMarket(tx, market));

  async function transfers(code: string, ownerId: string) {
    const [row] = await kit.db.query<{ n: number }>(
      `SELECT count(DISTINCT t.id)::int AS n FROM ledger_transfers t
       JOIN ledger_entries e ON e.transfer_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id
       WHERE t.code = $1 AND a.owner_id = $2`,
      [code, ownerId],
    );
    return row?.n ?? 0;
  }

  async function expectSound() {
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  }

  it('takes back exactly what a market counted when it is corrected to void, and no other market’s count', async () => {
    const player = await players.player(2_000);
    const id = await claimed(player, longBonus);
    const [voided, kept] = [await newMarket(), await newMarket()];
    await back(player, voided, 100);
    await back(player, kept, 250);
    await settle(voided, 1);
    await settle(kept, 2);
    expect(await bonus(id)).toEqual({ status: 'ACTIVE', wagered: 35_000 });
    expect(await counts(voided)).toEqual({ [id]: 10_000 });

    await correct(voided, null);
    expect(await bonus(id)).toEqual({ status: 'ACTIVE', wagered: 25_000 });
    expect(await counts(voided)).toEqual({});
    expect(await counts(kept)).toEqual({ [id]: 25_000 });
    // The hook told again of the same correction takes nothing more.
    await runHookAgain(lastHookCall(voided));
    expect((await bonus(id)).wagered).toBe(25_000);
    await expectSound();
  });

  it('counts a void market corrected to a winner once, however often the hook runs or the result changes', async () => {
    const player = await players.player(2_000);
    const id = await claimed(player, longBonus);
    const marketId = await newMarket();
    await back(player, marketId, 100);
    await settle(marketId, null);
    expect((await bonus(id)).wagered).toBe(0);

    await correct(marketId, 1);
    expect(await bonus(id)).toEqual({ status: 'ACTIVE', wagered: 10_000 });
    const recount = lastHookCall(marketId);
    expect(recount).toMatchObject({ voided: false, correctedFrom: { voided: true } });
    await runHookAgain(recount);
    expect((await bonus(id)).wagered).toBe(10_000);

    // Back and forth: void, another winner, the first again.
    await correct(marketId, null);
    expect((await bonus(id)).wagered).toBe(0);
    await correct(marketId, 2);
    expect((await bonus(id)).wagered).toBe(10_000);
    await correct(marketId, 1);
    expect((await bonus(id)).wagered).toBe(10_000);
    await runHookAgain(recount);
    expect((await bonus(id)).wagered).toBe(10_000);
    expect(await counts(marketId)).toEqual({ [id]: 10_000 });
    await expectSound();
  });

  it('keeps the count when one winner is corrected to another, and counts nothing twice', async () => {
    const player = await players.player(2_000);
    const id = await claimed(player, longBonus);
    const marketId = await newMarket();
    await back(player, marketId, 150);
    await settle(marketId, 2);
    const settlement = lastHookCall(marketId);
    expect((await bonus(id)).wagered).toBe(15_000);

    await correct(marketId, 1);
    expect(lastHookCall(marketId)).toMatchObject({ correctedFrom: { voided: false } });
    expect(await bonus(id)).toEqual({ status: 'ACTIVE', wagered: 15_000 });
    // The first settlement's hook run again (a retry) finds the market counted already.
    await runHookAgain(settlement);
    await runHookAgain(lastHookCall(marketId));
    expect((await bonus(id)).wagered).toBe(15_000);
    expect(await counts(marketId)).toEqual({ [id]: 15_000 });
    await expectSound();
  });

  it('leaves a converted bonus converted when its market is voided, and takes back an active one’s count', async () => {
    const converter = await players.player(2_000);
    const converted = await claimed(converter, shortBonus);
    const wagerer = await players.player(2_000);
    const active = await claimed(wagerer, longBonus);
    const marketId = await newMarket();
    await back(converter, marketId, 100);
    await back(wagerer, marketId, 100);
    await settle(marketId, 2);
    expect(await bonus(converted)).toEqual({ status: 'CONVERTED', wagered: 10_000 });
    expect(await bonus(active)).toEqual({ status: 'ACTIVE', wagered: 10_000 });
    const cashAfterSettling = await players.cash(converter.id);

    await correct(marketId, null);
    expect(await bonus(converted)).toEqual({ status: 'CONVERTED', wagered: 10_000 });
    expect(await bonus(active)).toEqual({ status: 'ACTIVE', wagered: 0 });
    // The ₹100 the bonus became stays cash: only the lost stake comes back.
    expect(await players.cash(converter.id)).toBe(cashAfterSettling + 10_000);
    expect(await counts(marketId)).toEqual({ [converted]: 10_000 });

    // Settled on a winner again: the active one counts again, the converted one nothing more.
    await correct(marketId, 1);
    expect(await bonus(converted)).toEqual({ status: 'CONVERTED', wagered: 10_000 });
    expect(await bonus(active)).toEqual({ status: 'ACTIVE', wagered: 10_000 });
    expect(await transfers('bonus_convert', converter.id)).toBe(1);
    await expectSound();
  });

  it('takes nothing from a bonus claimed after the market settled when the market is voided', async () => {
    const early = await players.player(2_000);
    const earlyBonus = await claimed(early, longBonus);
    const late = await players.player(2_000);
    const marketId = await newMarket();
    await back(early, marketId, 100);
    await back(late, marketId, 100);
    await settle(marketId, 1);
    const lateBonus = await claimed(late, longBonus);
    const later = await newMarket();
    await back(late, later, 120);
    await settle(later, 1);
    expect((await bonus(lateBonus)).wagered).toBe(12_000);

    // Another winner: the market's counts stay as they were, and it counts nothing new.
    await correct(marketId, 2);
    expect((await bonus(earlyBonus)).wagered).toBe(10_000);
    expect((await bonus(lateBonus)).wagered).toBe(12_000);
    await correct(marketId, null);
    expect((await bonus(earlyBonus)).wagered).toBe(0);
    expect(await bonus(lateBonus)).toEqual({ status: 'ACTIVE', wagered: 12_000 });
    await expectSound();
  });
});
