import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminMarketRowSchema, marketBookSchema } from '@backlay/contract/admin';
import type { MarketStatusData } from '@backlay/contract/hub';
import { tickToPriceHundredths } from '@backlay/exchange/ladder';
import { ifWinMinor } from '@backlay/exchange/position';
import { ApiError } from '../../http/api-error';
import type { Player } from '../../http/api-route';
import { testAppConfig, TEST_BACKENDS } from '../../test-helper';
import { createDomainRules } from '../brands';
import { getBalances } from '../wallet/ledger';
import { correctMarketSettlement, deposit, withdraw } from '../wallet/wallet-movements';
import { expectSoundLedger } from '../wallet/wallet-test-helpers';
import {
  exchangeApp,
  placeBody,
  placingPlayer,
  seedEvent,
  singlePlacement,
} from './exchange-test-kit';
import { groupedIfWinMinor, marketBook, type FillGroup } from './market-book';
import {
  ALREADY_SETTLED,
  correctSettlement,
  listMarkets,
  resumeMarket,
  settleMarketByOperator,
  suspendMarket,
  type MarketOperationsDeps,
  type RecordChange,
} from './market-operations';
import { NOT_SETTLED, SAME_RESULT } from './settlement-correction';

/** The test domain's commission: 2% of net market winnings (config/domains/betting.json). */
const COMMISSION_BASIS_POINTS = 200;
const DEPOSIT_MINOR = 50_000_00;
const ANNE = { id: randomUUID(), name: 'anne.trader' };
const BOB = { id: randomUUID(), name: 'bob.trader' };

/** What an operator's action records, in its transaction. */
function recorder() {
  const changes: { before: unknown; after: unknown }[] = [];
  const record: RecordChange = async (tx, change) => {
    // Inside the action's transaction: the market as the change left it.
    await tx.query('SELECT 1');
    changes.push(change);
  };
  return { changes, record };
}

const noRecord: RecordChange = async () => undefined;

/** The ApiError code and message a promise was refused with. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw error;
  return { code: error.code, message: error.message };
}

describe.each(TEST_BACKENDS)('operators’ market operations on %s', async (backend) => {
  const x = await exchangeApp(backend);
  const { db, feed } = x;
  const { placement } = singlePlacement(db);
  const statuses: MarketStatusData[] = [];
  const deps: MarketOperationsDeps = {
    db,
    rules: createDomainRules(testAppConfig().domainsDir),
    publisher: {
      publishMarketOdds: async () => undefined,
      publishMarketStatus: async (data) => {
        statuses.push(data);
      },
    },
    log: { error: (...args: unknown[]) => console.error(...args) },
  };
  const action = (marketId: string, operator = ANNE) => ({
    marketId,
    operator,
    reason: 'checked the result',
  });

  /** A registered real-money player on the test domain with a deposit. */
  async function realPlayer(): Promise<Player & { userName: string }> {
    const userName = `op${randomUUID().slice(0, 8)}`;
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO users (domain, user_name, password_hash, status, stakes)
       VALUES ('test', $1, 'x', 'active', '[]') RETURNING id`,
      [userName],
    );
    const id = row?.id ?? '';
    const paid = await db.transaction((tx) =>
      deposit(tx, {
        domain: 'test',
        ownerId: id,
        amountMinor: DEPOSIT_MINOR,
        idempotencyKey: `dep-${id}`,
      }),
    );
    expect(paid.status).toBe('ok');
    return { id, domain: 'test', demo: false, userName };
  }

  async function bet(
    player: Player,
    marketId: string,
    runnerId: number,
    side: 'BACK' | 'LAY',
    price: number,
    stake: number,
  ) {
    const result = await placement.place(player, placeBody(marketId, runnerId, side, price, stake));
    return result.bet;
  }

  const cashOf = async (player: Player) =>
    (await getBalances(db, { domain: player.domain, ownerId: player.id, book: 'real' }))
      .balanceMinor;

  /**
   * A market with three real players' matched bets (stakes in paise, so that rounding per fill
   * shows), a real unmatched bet and a demo player's bet, on two runners at evens.
   */
  async function busyMarket() {
    const event = await seedEvent(db, feed, { probabilities: { match_odds: [0.5, 0.5] } });
    const marketId = event.markets.match_odds as string;
    const players = [await realPlayer(), await realPlayer(), await realPlayer()];
    const [a, b, c] = players;
    if (!a || !b || !c) throw new Error('three players');
    // Backs take the maker's lays (1.97 and below), lays take its backs (2.04 and above).
    expect((await bet(a, marketId, 1, 'BACK', 1.5, 150.37)).matchedStake).toBe(150.37);
    expect((await bet(a, marketId, 2, 'LAY', 3, 120.11)).matchedStake).toBe(120.11);
    expect((await bet(b, marketId, 2, 'BACK', 1.5, 333.33)).matchedStake).toBe(333.33);
    expect((await bet(c, marketId, 1, 'LAY', 3, 205.55)).matchedStake).toBe(205.55);
    expect((await bet(c, marketId, 2, 'BACK', 1.5, 101.01)).matchedStake).toBe(101.01);
    // Resting (matches nothing) and a demo player's bet: neither counts in the book's figures.
    expect((await bet(b, marketId, 1, 'BACK', 50, 100)).matchedStake).toBe(0);
    const demo = await placingPlayer(x);
    expect((await bet(demo, marketId, 1, 'BACK', 1.5, 999)).matchedStake).toBe(999);
    return { event, marketId, players };
  }

  /** Each player's result on the market from their fills, worked out from the definitions. */
  async function expectedResults(marketId: string, players: Player[], winner: number | null) {
    const fills = await db.query<{
      owner_id: string;
      side: 'BACK' | 'LAY';
      runner_id: number;
      price_tick: number;
      stake_minor: string;
    }>(
      `SELECT b.owner_id, b.side, f.runner_id, f.price_tick, f.stake_minor FROM bet_fills f
       JOIN bets b ON b.id = f.back_bet_id OR b.id = f.lay_bet_id
       WHERE f.market_id = $1 AND b.owner_id = ANY ($2::uuid[])`,
      [marketId, players.map((p) => p.id)],
    );
    return new Map(
      players.map((player) => {
        let profit = 0;
        for (const fill of fills.filter((f) => f.owner_id === player.id)) {
          const stake = Number(fill.stake_minor);
          const winnings = Math.floor(
            (stake * (tickToPriceHundredths(fill.price_tick) - 100)) / 100,
          );
          const backResult = winner === null ? 0 : fill.runner_id === winner ? winnings : -stake;
          profit += fill.side === 'BACK' ? backResult : -backResult;
        }
        const commission = profit > 0 ? Math.floor((profit * COMMISSION_BASIS_POINTS) / 10_000) : 0;
        return [player.id, { profit, commission, net: profit - commission }];
      }),
    );
  }

  const runsOf = (marketId: string) =>
    db.query<{ seq: number; kind: string; source: string; operator_name: string | null }>(
      'SELECT seq, kind, source, operator_name FROM market_settlement_runs WHERE market_id = $1 ORDER BY seq',
      [marketId],
    );

  /** How many settlement transfers (any outcome) the ledger holds for a market. */
  async function settlementTransfers(marketId: string): Promise<number> {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transfers
       WHERE reference = $1 AND code LIKE 'bet_settle_%'`,
      [marketId],
    );
    return row?.n ?? 0;
  }

  it('shows per runner what settlement then pays, the players’ bets and the history', async () => {
    const { marketId, players } = await busyMarket();
    const book = await marketBook(db, marketId);
    // What the back office's routes answer with, as their schema reads it.
    expect(marketBookSchema.parse(book)).toEqual(book);
    expect(book.market).toMatchObject({ marketId, status: 'OPEN', settledBy: null });
    // Real money only: the three players' matched backs and the maker's backs the lays took.
    const [volume] = await db.query<{ n: string }>(
      `SELECT sum(f.stake_minor) AS n FROM bet_fills f JOIN bets b ON b.id = f.back_bet_id
       WHERE f.market_id = $1 AND b.book = 'real'`,
      [marketId],
    );
    expect(book.market.matchedVolume).toBe(Number(volume?.n) / 100);
    expect(book.betCount).toBe(6);
    expect(book.bets.map((b) => b.stake)).toEqual([100, 101.01, 205.55, 333.33, 120.11, 150.37]);
    expect(book.bets[0]).toMatchObject({
      playerId: players[1]?.id,
      userName: players[1]?.userName,
      domain: 'test',
      runnerId: 1,
      side: 'BACK',
      price: 50,
      matched: 0,
      status: 'UNMATCHED',
    });
    expect(book.runners.map((r) => r.runnerId)).toEqual([1, 2]);
    for (const runner of book.runners) expect(runner.houseIfWin).toBe(-runner.playersIfWin);

    // What the book says each result makes is what settling on it posts.
    const ifWin = new Map(book.runners.map((r) => [r.runnerId, r]));
    const settled = await settleMarketByOperator(
      deps,
      { ...action(marketId), winnerRunnerId: 2 },
      noRecord,
    );
    expect(adminMarketRowSchema.parse(settled)).toEqual(settled);
    expect(settled).toMatchObject({ status: 'SETTLED', winnerRunnerId: 2, settledBy: 'operator' });
    const sums = async () => {
      const [row] = await db.query<{ players: string; house: string }>(
        `SELECT sum(profit_minor) FILTER (WHERE NOT is_house) AS players,
           sum(profit_minor) FILTER (WHERE is_house) AS house
         FROM market_settlements WHERE market_id = $1 AND book = 'real'`,
        [marketId],
      );
      return { players: Number(row?.players) / 100, house: Number(row?.house) / 100 };
    };
    expect(await sums()).toEqual({
      players: ifWin.get(2)?.playersIfWin,
      house: ifWin.get(2)?.houseIfWin,
    });
    const expected = await expectedResults(marketId, players, 2);
    for (const player of players) {
      expect(await cashOf(player)).toBe(DEPOSIT_MINOR + (expected.get(player.id)?.net ?? NaN));
    }
    // And on the other result, through a correction.
    await correctSettlement(deps, { ...action(marketId), winnerRunnerId: 1 }, noRecord);
    expect(await sums()).toEqual({
      players: ifWin.get(1)?.playersIfWin,
      house: ifWin.get(1)?.houseIfWin,
    });
    const after = await marketBook(db, marketId);
    expect(marketBookSchema.parse(after)).toEqual(after);
    expect(after.runners).toEqual(book.runners);
    expect(after.settlements).toEqual([
      expect.objectContaining({ kind: 'settle', winnerRunnerId: 2, by: ANNE.name }),
      expect.objectContaining({ kind: 'correction', winnerRunnerId: 1, by: ANNE.name }),
    ]);
    expect(after.bets[1]?.status).toBe('SETTLED');
    await expectSoundLedger(db);
  });

  it('lets exactly one of two operators settling at once settle; the other is refused', async () => {
    const { marketId, players } = await busyMarket();
    const answers = await Promise.allSettled([
      settleMarketByOperator(deps, { ...action(marketId, ANNE), winnerRunnerId: 1 }, noRecord),
      settleMarketByOperator(deps, { ...action(marketId, BOB), winnerRunnerId: 2 }, noRecord),
    ]);
    const done = answers.filter((a) => a.status === 'fulfilled');
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason] : []));
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(ApiError);
    expect(refused[0]).toMatchObject({ code: 'CONFLICT', message: ALREADY_SETTLED });
    expect(await runsOf(marketId)).toHaveLength(1);
    // One settlement transfer per real player with a result, the maker, and the demo player
    // and play maker: nothing twice.
    const owners = await db.query('SELECT 1 FROM market_settlements WHERE market_id = $1', [
      marketId,
    ]);
    expect(owners).toHaveLength(players.length + 3);
    expect(await settlementTransfers(marketId)).toBe(owners.length);
    await expectSoundLedger(db);
  });

  it('lets exactly one of the feed and an operator settling at once settle', async () => {
    const { event, marketId } = await busyMarket();
    const [byOperator] = await Promise.allSettled([
      settleMarketByOperator(deps, { ...action(marketId), winnerRunnerId: 1 }, noRecord),
      feed.applyAll([
        { kind: 'result', externalId: event.externalId, marketKey: 'match_odds', winner: 1 },
      ]),
    ]);
    const runs = await runsOf(marketId);
    expect(runs).toHaveLength(1);
    const [market] = await db.query<{ winner_runner_id: number }>(
      'SELECT winner_runner_id FROM markets WHERE id = $1',
      [marketId],
    );
    if (byOperator?.status === 'fulfilled') {
      expect(runs[0]).toMatchObject({ source: 'operator', operator_name: ANNE.name });
      expect(market?.winner_runner_id).toBe(1);
    } else {
      expect(byOperator?.reason).toMatchObject({ code: 'CONFLICT', message: ALREADY_SETTLED });
      expect(runs[0]).toMatchObject({ source: 'feed', operator_name: null });
      expect(market?.winner_runner_id).toBe(2);
    }
    const owners = await db.query('SELECT 1 FROM market_settlements WHERE market_id = $1', [
      marketId,
    ]);
    expect(await settlementTransfers(marketId)).toBe(owners.length);

    // One after the other: the feed's later result leaves an operator's settlement alone.
    const other = await busyMarket();
    await settleMarketByOperator(deps, { ...action(other.marketId), winnerRunnerId: 1 }, noRecord);
    const transfers = await settlementTransfers(other.marketId);
    await feed.applyAll([
      { kind: 'result', externalId: other.event.externalId, marketKey: 'match_odds', winner: 1 },
    ]);
    expect(await runsOf(other.marketId)).toEqual([
      expect.objectContaining({ kind: 'settle', source: 'operator' }),
    ]);
    expect(await settlementTransfers(other.marketId)).toBe(transfers);
    await expectSoundLedger(db);
  });

  it('corrects a result so each player’s cash moves by exactly the difference, commission included', async () => {
    const { event, marketId, players } = await busyMarket();
    await feed.applyAll([
      { kind: 'result', externalId: event.externalId, marketKey: 'match_odds', winner: 0 },
    ]);
    expect(await runsOf(marketId)).toEqual([
      expect.objectContaining({ seq: 1, kind: 'settle', source: 'feed' }),
    ]);
    const onOne = await expectedResults(marketId, players, 1);
    const onTwo = await expectedResults(marketId, players, 2);
    // The test is worth something only if the results differ and some commission was taken.
    expect([...onOne.values()].some((r) => r.commission > 0)).toBe(true);
    expect([...onTwo.values()].some((r) => r.commission > 0)).toBe(true);
    const cashBefore = new Map<string, number>();
    for (const player of players) {
      cashBefore.set(player.id, await cashOf(player));
      expect(cashBefore.get(player.id)).toBe(DEPOSIT_MINOR + (onOne.get(player.id)?.net ?? NaN));
    }

    const { changes, record } = recorder();
    const row = await correctSettlement(deps, { ...action(marketId), winnerRunnerId: 2 }, record);
    expect(row).toMatchObject({ status: 'SETTLED', winnerRunnerId: 2, settledBy: 'operator' });
    expect(changes).toEqual([
      {
        before: expect.objectContaining({ winnerRunnerId: 1, settledBy: 'feed' }),
        after: row,
      },
    ]);
    for (const player of players) {
      const difference = (onTwo.get(player.id)?.net ?? NaN) - (onOne.get(player.id)?.net ?? NaN);
      expect(await cashOf(player)).toBe((cashBefore.get(player.id) ?? NaN) + difference);
      const [settlement] = await db.query<{ profit_minor: string; commission_minor: string }>(
        `SELECT profit_minor::text, commission_minor::text FROM market_settlements
         WHERE market_id = $1 AND owner_id = $2`,
        [marketId, player.id],
      );
      expect(settlement).toEqual({
        profit_minor: String(onTwo.get(player.id)?.profit),
        commission_minor: String(onTwo.get(player.id)?.commission),
      });
      const [superseded] = await db.query<{ seq: number; profit_minor: string }>(
        `SELECT seq, profit_minor::text FROM market_settlements_superseded
         WHERE market_id = $1 AND owner_id = $2`,
        [marketId, player.id],
      );
      expect(superseded).toEqual({ seq: 1, profit_minor: String(onOne.get(player.id)?.profit) });
    }

    // Retried: the same result is refused and nothing moves; replaying the ledger's correction
    // itself finds every key taken.
    const transfers = async () =>
      (await db.query('SELECT 1 FROM ledger_transfers WHERE reference = $1', [marketId])).length;
    const count = await transfers();
    const cashNow = await Promise.all(players.map(cashOf));
    expect(
      await refusal(correctSettlement(deps, { ...action(marketId), winnerRunnerId: 2 }, noRecord)),
    ).toEqual({ code: 'CONFLICT', message: SAME_RESULT });
    const replay = await db.transaction((tx) =>
      correctMarketSettlement(tx, {
        domain: 'test',
        book: 'real',
        marketId,
        seq: 2,
        corrections: players.map((player) => ({
          ownerId: player.id,
          from: {
            profitMinor: onOne.get(player.id)?.profit ?? NaN,
            commissionMinor: onOne.get(player.id)?.commission ?? NaN,
          },
          to: {
            profitMinor: onTwo.get(player.id)?.profit ?? NaN,
            commissionMinor: onTwo.get(player.id)?.commission ?? NaN,
          },
        })),
      }),
    );
    expect(replay.status).toBe('ok');
    expect(replay.results.length).toBeGreaterThan(0);
    expect(new Set(replay.results.map((r) => r.result.status))).toEqual(new Set(['duplicate']));
    expect(await transfers()).toBe(count);
    expect(await Promise.all(players.map(cashOf))).toEqual(cashNow);

    // Corrected again, to void: every player is back to what they deposited.
    await correctSettlement(deps, { ...action(marketId, BOB), winnerRunnerId: null }, noRecord);
    for (const player of players) expect(await cashOf(player)).toBe(DEPOSIT_MINOR);
    expect((await runsOf(marketId)).map((r) => [r.seq, r.kind, r.operator_name])).toEqual([
      [1, 'settle', null],
      [2, 'correction', ANNE.name],
      [3, 'correction', BOB.name],
    ]);
    // A market not settled cannot be corrected.
    const open = await busyMarket();
    expect(
      await refusal(
        correctSettlement(deps, { ...action(open.marketId), winnerRunnerId: 1 }, noRecord),
      ),
    ).toEqual({ code: 'CONFLICT', message: NOT_SETTLED });
    await expectSoundLedger(db);
  });

  it('refuses a correction a player’s cash cannot cover, and changes nothing', async () => {
    const event = await seedEvent(db, feed, { probabilities: { match_odds: [0.5, 0.5] } });
    const marketId = event.markets.match_odds as string;
    const winner = await realPlayer();
    expect((await bet(winner, marketId, 1, 'BACK', 1.5, 2_000)).matchedStake).toBe(2_000);
    await settleMarketByOperator(deps, { ...action(marketId), winnerRunnerId: 1 }, noRecord);
    // The winnings leave: all the player's cash is withdrawn.
    const cash = await cashOf(winner);
    const out = await db.transaction((tx) =>
      withdraw(tx, {
        domain: 'test',
        ownerId: winner.id,
        amountMinor: cash,
        idempotencyKey: `out-${winner.id}`,
      }),
    );
    expect(out.status).toBe('ok');
    const before = await marketBook(db, marketId);
    const refused = await refusal(
      correctSettlement(deps, { ...action(marketId), winnerRunnerId: 2 }, noRecord),
    );
    expect(refused.code).toBe('CONFLICT');
    expect(await cashOf(winner)).toBe(0);
    expect(await marketBook(db, marketId)).toEqual(before);
    await expectSoundLedger(db);
  });

  it('corrects a win to a smaller one for a player whose cash covers just the difference', async () => {
    const event = await seedEvent(db, feed, {
      markets: [
        {
          key: 'match_odds',
          type: 'MATCH_ODDS',
          name: 'Winner',
          runners: ['A', 'B', 'C'],
          line: null,
        },
      ],
      probabilities: { match_odds: [0.2, 0.2, 0.6] },
    });
    const marketId = event.markets.match_odds as string;
    const player = await realPlayer();
    expect((await bet(player, marketId, 1, 'BACK', 1.5, 1_000)).matchedStake).toBe(1_000);
    expect((await bet(player, marketId, 2, 'BACK', 1.5, 800)).matchedStake).toBe(800);
    await settleMarketByOperator(deps, { ...action(marketId), winnerRunnerId: 1 }, noRecord);
    const onOne = (await expectedResults(marketId, [player], 1)).get(player.id)?.net ?? NaN;
    const onTwo = (await expectedResults(marketId, [player], 2)).get(player.id)?.net ?? NaN;
    expect(onTwo).toBeGreaterThan(0);
    expect(onOne).toBeGreaterThan(onTwo);
    // All but the difference leaves: taking the first win back before paying the second would
    // not be covered, the difference is.
    const amountMinor = (await cashOf(player)) - (onOne - onTwo);
    const out = await db.transaction((tx) =>
      withdraw(tx, {
        domain: 'test',
        ownerId: player.id,
        amountMinor,
        idempotencyKey: `out-${player.id}`,
      }),
    );
    expect(out.status).toBe('ok');
    await correctSettlement(deps, { ...action(marketId), winnerRunnerId: 2 }, noRecord);
    expect(await cashOf(player)).toBe(0);
    await expectSoundLedger(db);
  });

  it('voids a market: every matched stake comes back and the bets read void', async () => {
    const { marketId, players } = await busyMarket();
    const { changes, record } = recorder();
    const row = await settleMarketByOperator(
      deps,
      { ...action(marketId), winnerRunnerId: null },
      record,
    );
    expect(row).toMatchObject({ status: 'SETTLED', winnerRunnerId: null, settledBy: 'operator' });
    expect(changes).toEqual([{ before: expect.objectContaining({ status: 'OPEN' }), after: row }]);
    for (const player of players) expect(await cashOf(player)).toBe(DEPOSIT_MINOR);
    const book = await marketBook(db, marketId);
    expect(book.settlements).toEqual([
      expect.objectContaining({ kind: 'void', winnerRunnerId: null, by: ANNE.name }),
    ]);
    expect(book.bets.filter((b) => b.matched > 0).map((b) => b.status)).toEqual(
      Array.from({ length: 5 }, () => 'VOID'),
    );
    expect(statuses.at(-1)).toMatchObject({ MarketId: marketId, Status: 'closed' });
    expect(
      await refusal(
        settleMarketByOperator(deps, { ...action(marketId), winnerRunnerId: 1 }, noRecord),
      ),
    ).toEqual({ code: 'CONFLICT', message: ALREADY_SETTLED });
    await expectSoundLedger(db);
  });

  it('suspends a market: bets are refused and the feed does not reopen it', async () => {
    const { event, marketId, players } = await busyMarket();
    const [player] = players;
    if (!player) throw new Error('a player');
    const { changes, record } = recorder();
    const suspended = await suspendMarket(deps, action(marketId), record);
    expect(suspended.status).toBe('SUSPENDED');
    expect(changes).toEqual([
      { before: expect.objectContaining({ status: 'OPEN' }), after: suspended },
    ]);
    expect(statuses.at(-1)).toMatchObject({ MarketId: marketId, Status: 'suspended' });
    const refusedBet = placement.place(player, placeBody(marketId, 1, 'BACK', 1.5, 100));
    await expect(refusedBet).rejects.toMatchObject({ details: 'MARKET_SUSPENDED' });
    expect(await refusal(suspendMarket(deps, action(marketId), noRecord))).toMatchObject({
      code: 'CONFLICT',
    });

    // The feed's own suspension and resume leave the operator's hold in place.
    const where = { externalId: event.externalId, marketKey: 'match_odds' };
    const feedSays = (kind: 'suspend' | 'resume') =>
      feed.applyAll([
        kind === 'suspend' ? { kind, ...where, reason: 'goal' } : { kind: 'resume', ...where },
      ]);
    await feedSays('suspend');
    await feedSays('resume');
    const status = async () =>
      (
        await db.query<{ status: string }>('SELECT status FROM markets WHERE id = $1', [marketId])
      )[0]?.status;
    expect(await status()).toBe('SUSPENDED');

    // Resumed by the operator while the feed holds it too: it waits for the feed.
    await feedSays('suspend');
    expect((await resumeMarket(deps, action(marketId), noRecord)).status).toBe('SUSPENDED');
    expect(await refusal(resumeMarket(deps, action(marketId), noRecord))).toMatchObject({
      code: 'CONFLICT',
    });
    await feedSays('resume');
    expect(await status()).toBe('OPEN');

    // Suspended and resumed by the operator alone: open again, and bets are taken.
    await suspendMarket(deps, action(marketId), noRecord);
    const resumed = await resumeMarket(deps, action(marketId), noRecord);
    expect(resumed.status).toBe('OPEN');
    expect(statuses.at(-1)).toMatchObject({ MarketId: marketId, Status: 'open' });
    expect((await bet(player, marketId, 1, 'BACK', 1.5, 100)).matchedStake).toBe(100);
    await expectSoundLedger(db);
  });

  it('does nothing when recording the change fails: the record is in the same transaction', async () => {
    const { marketId, players } = await busyMarket();
    const failing: RecordChange = async (tx) => {
      await tx.query('SELECT 1');
      throw new Error('the audit log is down');
    };
    const transfersBefore = (await db.query('SELECT 1 FROM ledger_transfers')).length;
    await expect(
      settleMarketByOperator(deps, { ...action(marketId), winnerRunnerId: 1 }, failing),
    ).rejects.toThrow('the audit log is down');
    await expect(suspendMarket(deps, action(marketId), failing)).rejects.toThrow();
    const [market] = await db.query<{ status: string }>(
      'SELECT status FROM markets WHERE id = $1',
      [marketId],
    );
    expect(market?.status).toBe('OPEN');
    expect(await runsOf(marketId)).toEqual([]);
    expect((await db.query('SELECT 1 FROM ledger_transfers')).length).toBe(transfersBefore);
    // Held, not settled: the players' balances are what they deposited.
    for (const player of players) expect(await cashOf(player)).toBe(DEPOSIT_MINOR);
    expect(await refusal(suspendMarket(deps, action('1.999999999'), noRecord))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('lists markets in play first, then by start (those still to trade soonest first), by status, sport, event or market', async () => {
    const tag = randomUUID().slice(0, 8);
    const seeded = async (minutes: number, sportId: 1 | 3) => {
      const event = await seedEvent(db, feed, { startsInMinutes: minutes, sportId });
      await db.query('UPDATE sport_events SET title = $2 WHERE id = $1', [
        event.eventId,
        `Listing ${tag} ${minutes}`,
      ]);
      return event.markets.match_odds as string;
    };
    const later = await seeded(600, 3);
    const sooner = await seeded(300, 1);
    const settled = await seeded(900, 3);
    const playing = await seeded(1200, 3);
    await db.query('UPDATE markets SET in_play = true WHERE id = $1', [playing]);
    await settleMarketByOperator(deps, { ...action(settled), winnerRunnerId: 2 }, noRecord);
    const ids = async (query: Partial<Parameters<typeof listMarkets>[1]>) =>
      (await listMarkets(db, { q: '', limit: 100, ...query })).items.map((row) => row.marketId);
    expect(await ids({ q: `LISTING ${tag.toUpperCase()}` })).toEqual([
      playing,
      sooner,
      later,
      settled,
    ]);
    expect(await ids({ q: tag, status: 'OPEN' })).toEqual([playing, sooner, later]);
    expect(await ids({ q: tag, sportId: 1 })).toEqual([sooner]);
    expect(await ids({ q: tag, limit: 2 })).toEqual([playing, sooner]);
    // A market's own id finds it too.
    expect(await ids({ q: later })).toEqual([later]);
    const [row] = (await listMarkets(db, { q: tag, status: 'SETTLED', limit: 5 })).items;
    expect(row).toMatchObject({
      marketId: settled,
      eventName: `Listing ${tag} 900`,
      sportId: 3,
      winnerRunnerId: 2,
      settledBy: 'operator',
      matchedVolume: 0,
      fancyLine: null,
    });
  });

  it('lists a fancy session once, at the values the house offers, with the session’s matched volume', async () => {
    const tag = randomUUID().slice(0, 8);
    const value = (runs: number, yes: number) => ({
      key: `fancy:6-over-runs:MI@${runs}`,
      spec: {
        key: `fancy:6-over-runs:MI@${runs}`,
        type: 'FANCY' as const,
        name: `6 Over Runs MI ${tag}`,
        runners: ['Yes', 'No'],
        line: runs - 0.5,
      },
      probabilities: [yes, 1 - yes],
    });
    // Likely to reach 84 (No offered there), less likely 85 and 86 (Yes offered): No 84 / Yes 85.
    const values = [value(84, 0.6), value(85, 0.45), value(86, 0.3)];
    const event = await seedEvent(db, feed, {
      markets: [
        {
          key: 'match_odds',
          type: 'MATCH_ODDS',
          name: 'Match Odds',
          runners: ['India', 'Australia'],
          line: null,
        },
        ...values.map((v) => v.spec),
      ],
      probabilities: Object.fromEntries(values.map((v) => [v.key, v.probabilities])),
    });
    await db.query('UPDATE sport_events SET title = $2 WHERE id = $1', [
      event.eventId,
      `Fancy ${tag}`,
    ]);
    const at84 = event.markets['fancy:6-over-runs:MI@84'] as string;
    const at86 = event.markets['fancy:6-over-runs:MI@86'] as string;
    const player = await realPlayer();
    // A player takes Yes at 86 (backs it at the house's lay): the session has matched volume.
    await bet(player, at86, 1, 'BACK', 1.01, 100);
    const [matched] = await db.query<{ minor: string }>(
      `SELECT sum(matched_minor)::text AS minor FROM bets
       WHERE market_id = $1 AND book = 'real' AND side = 'BACK'`,
      [at86],
    );
    const matchedMinor = Number(matched?.minor ?? 0);
    expect(matchedMinor).toBeGreaterThan(0);

    const items = (await listMarkets(db, { q: tag, limit: 100 })).items;
    const sessions = items.filter((row) => row.marketType === 'FANCY');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      marketId: at84,
      marketName: `6 Over Runs MI ${tag}`,
      fancyLine: { values: 3, noRuns: 84, yesRuns: 85, lowestRuns: 84, highestRuns: 86 },
    });
    expect(Math.round((sessions[0]?.matchedVolume ?? 0) * 100)).toBe(matchedMinor);
    expect(items.find((row) => row.marketType === 'MATCH_ODDS')?.fancyLine).toBeNull();
    // Searching by the session's name finds it, still once.
    expect((await listMarkets(db, { q: `runs mi ${tag}`, limit: 100 })).items).toHaveLength(1);
  });
});

describe('the book’s grouped if-win figures', () => {
  it('equal the position maths fill by fill', () => {
    const fill = fc.record({
      side: fc.constantFrom('back' as const, 'lay' as const),
      runnerId: fc.integer({ min: 1, max: 3 }),
      priceTick: fc.integer({ min: 0, max: 349 }),
      stakeMinor: fc.integer({ min: 1, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(fill, { maxLength: 60 }), (fills) => {
        const groups = new Map<string, FillGroup>();
        for (const f of fills) {
          const oddMinor = f.stakeMinor % 100;
          const key = `${f.side}:${f.runnerId}:${f.priceTick}:${oddMinor}`;
          const group = groups.get(key) ?? { ...f, oddMinor, stakeMinor: 0, fills: 0 };
          group.stakeMinor += f.stakeMinor;
          group.fills += 1;
          groups.set(key, group);
        }
        expect(groupedIfWinMinor([1, 2, 3], [...groups.values()])).toEqual(
          ifWinMinor([1, 2, 3], fills),
        );
      }),
    );
  });
});
