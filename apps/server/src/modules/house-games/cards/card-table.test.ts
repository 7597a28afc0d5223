/**
 * The card tables by hand on a clock the test moves, on PGlite and PostgreSQL, with the wallet
 * callbacks real: every bet kind of the three games paid by its rule table (wins, Teen Patti's
 * push on a tie, Dragon Tiger's half back on a tie), the table's limits read at each bet, the
 * cards revealed on the server's clock with the seed published before and revealed after, and
 * a round's bets settled once however often (or however concurrently) the settle step runs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cardRoundFromSeed,
  seedHashOf,
  type CardBetKind,
  type CardGameCode,
  type CardServerMessage,
  type CardWinner,
} from '@backlay/contract/card-games';
import { TEST_BACKENDS, type Backend } from '../../../test-helper';
import { IN_PROCESS_ORIGIN, inProcessFetch } from '../../payments';
import { auditLedger, SOUND_LEDGER } from '../../wallet';
import { walletClient } from '../wallet-client';
import { recoverCardRounds } from './card-recovery';
import { readCardRound } from './card-round-log';
import type { CardTableSettings } from './card-settings';
import { CardTable, type CardPlayer } from './card-table';
import {
  cardBetRow,
  cardStudioApp,
  seatedPlayer,
  seedFor,
  takenFor,
  testCardTable,
} from './card-test-kit';

const quiet = { info: () => undefined, error: () => undefined };

describe.each(TEST_BACKENDS)('the card tables (%s)', (backend: Backend) => {
  let kit: Awaited<ReturnType<typeof cardStudioApp>>;

  beforeAll(async () => {
    kit = await cardStudioApp(backend);
  });

  const wallet = () =>
    walletClient({
      walletOrigin: IN_PROCESS_ORIGIN,
      fetch: inProcessFetch(kit.app),
      secretOf: (code) => kit.app.casino.providers.secretOf(code)?.secret,
    });

  /** A table of the game driven by hand, whose next round has the winner the test asks for. */
  async function handTable(gameCode: CardGameCode, rules: () => CardTableSettings) {
    let want: CardWinner | null = null;
    const messages: CardServerMessage[] = [];
    const table = new CardTable({
      db: kit.db,
      wallet: wallet(),
      gameCode,
      settings: rules,
      log: quiet,
      now: () => kit.clock.now().getTime(),
      retryDelaysMs: [],
      drawSeed: (number) => seedFor(gameCode, number, want ?? 'DRAGON'),
    });
    table.subscribe({
      broadcast: (m) => messages.push(m),
      toPlayer: (_p, _id, m) => messages.push(m),
    });
    await table.open();
    return {
      table,
      messages,
      async open(winner: CardWinner) {
        want = winner;
        expect(await table.openBetting()).toBe(true);
      },
      async bet(seat: CardPlayer, betKind: CardBetKind, amountMinor: number) {
        const answer = await table.placeBet(seat, { betKind, amountMinor });
        if (!answer.ok) throw new Error(answer.code);
        return answer.bet.betId;
      },
      /** Closes the window, deals every card on the clock, decides and settles. */
      async play() {
        kit.clock.advanceSeconds(rules().bettingMs / 1000);
        await table.closeBetting();
        const cards = table.currentRound()?.result.cards.length ?? 0;
        kit.clock.advanceSeconds((rules().cardMs * cards) / 1000);
        expect(table.revealDue()).toBe(true);
        table.decide();
        await table.settle();
      },
    };
  }

  it('pays Dragon Tiger by its rule table: 2.00, half back on a tie, Tie 12.00', async () => {
    const dt = await handTable('mac_dragon_tiger', () => testCardTable('mac_dragon_tiger'));
    const [one, two] = await Promise.all([
      seatedPlayer(kit, 'mac_dragon_tiger'),
      seatedPlayer(kit, 'mac_dragon_tiger'),
    ]);
    if (!one || !two) throw new Error('no players');

    await dt.open('TIE');
    const dragon = await dt.bet(one.seat, 'DRAGON', 2_001);
    const tie = await dt.bet(one.seat, 'TIE', 1_000);
    const tiger = await dt.bet(two.seat, 'TIGER', 3_000);
    await dt.play();
    expect(await takenFor(kit.db, dragon)).toEqual(['debit 2001', 'credit 1000']);
    expect(await takenFor(kit.db, tie)).toEqual(['debit 1000', 'credit 12000']);
    expect(await takenFor(kit.db, tiger)).toEqual(['debit 3000', 'credit 1500']);
    expect(await cardBetRow(kit.db, dragon)).toEqual({
      status: 'PAID',
      outcome: 'HALF_BACK',
      return_minor: '1000',
    });
    expect(await kit.cash(one.id)).toBe(10_000 - 2_001 - 1_000 + 1_000 + 12_000);
    expect(await kit.cash(two.id)).toBe(10_000 - 3_000 + 1_500);

    await dt.open('DRAGON');
    const dragonWins = await dt.bet(one.seat, 'DRAGON', 1_000);
    const tieLoses = await dt.bet(one.seat, 'TIE', 1_000);
    const tigerLoses = await dt.bet(two.seat, 'TIGER', 1_000);
    await dt.play();
    expect(await takenFor(kit.db, dragonWins)).toEqual(['debit 1000', 'credit 2000']);
    expect(await takenFor(kit.db, tieLoses)).toEqual(['debit 1000', 'credit 0']);
    expect(await takenFor(kit.db, tigerLoses)).toEqual(['debit 1000', 'credit 0']);
    expect((await cardBetRow(kit.db, tigerLoses))?.status).toBe('CLOSED');

    // One settled message per player and round, with the wallet's balance after every credit.
    const settled = dt.messages.filter(
      (m): m is Extract<CardServerMessage, { type: 'settled' }> => m.type === 'settled',
    );
    const firstOfOne = settled.find((m) => m.bets.some((b) => b.betId === dragon));
    expect(firstOfOne?.returnMinor).toBe(13_000);
    expect(firstOfOne?.bets.map((b) => b.state).sort()).toEqual(['HALF_BACK', 'WON']);
    expect(settled.filter((m) => m.bets.some((b) => b.betId === dragonWins))).toHaveLength(1);
    expect(settled.find((m) => m.bets.some((b) => b.betId === dragonWins))?.balanceMinor).toBe(
      await kit.cash(one.id),
    );
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('pays Teen Patti 1.98 a side and pushes both sides on a tie', async () => {
    const tp = await handTable('mac_teen_patti', () => testCardTable('mac_teen_patti'));
    const [one, two] = await Promise.all([
      seatedPlayer(kit, 'mac_teen_patti'),
      seatedPlayer(kit, 'mac_teen_patti'),
    ]);
    if (!one || !two) throw new Error('no players');
    await tp.open('A');
    const a = await tp.bet(one.seat, 'A', 5_000);
    const b = await tp.bet(two.seat, 'B', 5_000);
    await tp.play();
    expect(await takenFor(kit.db, a)).toEqual(['debit 5000', 'credit 9900']);
    expect(await takenFor(kit.db, b)).toEqual(['debit 5000', 'credit 0']);

    await tp.open('TIE');
    const pushA = await tp.bet(one.seat, 'A', 1_234);
    const pushB = await tp.bet(two.seat, 'B', 4_321);
    await tp.play();
    expect(await takenFor(kit.db, pushA)).toEqual(['debit 1234', 'credit 1234']);
    expect(await takenFor(kit.db, pushB)).toEqual(['debit 4321', 'credit 4321']);
    expect((await cardBetRow(kit.db, pushA))?.outcome).toBe('PUSH');
    expect(await kit.cash(one.id)).toBe(10_000 + 4_900);
    expect(await kit.cash(two.id)).toBe(10_000 - 5_000);
  });

  it('pays Andar 1.90 and Bahar 2.00', async () => {
    const ab = await handTable('dream_andar_bahar', () => testCardTable('dream_andar_bahar'));
    const [one, two] = await Promise.all([
      seatedPlayer(kit, 'dream_andar_bahar'),
      seatedPlayer(kit, 'dream_andar_bahar'),
    ]);
    if (!one || !two) throw new Error('no players');
    await ab.open('ANDAR');
    const andar = await ab.bet(one.seat, 'ANDAR', 1_000);
    const bahar = await ab.bet(two.seat, 'BAHAR', 1_000);
    await ab.play();
    expect(await takenFor(kit.db, andar)).toEqual(['debit 1000', 'credit 1900']);
    expect(await takenFor(kit.db, bahar)).toEqual(['debit 1000', 'credit 0']);
    await ab.open('BAHAR');
    const bahar2 = await ab.bet(two.seat, 'BAHAR', 1_000);
    await ab.play();
    expect(await takenFor(kit.db, bahar2)).toEqual(['debit 1000', 'credit 2000']);
  });

  it('reveals the cards on the clock, the seed after, and the round replays from the log', async () => {
    const dt = await handTable('dream_andar_bahar', () => testCardTable('dream_andar_bahar'));
    await dt.open('BAHAR');
    const round = dt.table.currentRound();
    if (!round) throw new Error('no round');
    const opened = dt.table.roundView();
    expect(opened.phase).toBe('BETTING');
    expect(JSON.stringify(opened)).not.toContain('"seed"');
    const cardsSeen = () => dt.messages.filter((m) => m.type === 'card').length;
    const before = cardsSeen();
    kit.clock.advanceSeconds(5);
    await dt.table.closeBetting();
    // The first card (the joker) at once, then one every 100 ms.
    expect(cardsSeen() - before).toBe(1);
    expect(dt.table.roundView()).toMatchObject({ phase: 'DEALING' });
    kit.clock.advanceSeconds(0.25);
    dt.table.revealDue();
    expect(cardsSeen() - before).toBe(3);
    dt.table.decide();
    const view = dt.table.roundView();
    if (view.phase !== 'RESULT') throw new Error('no result');
    expect(seedHashOf(view.seed)).toBe(view.seedHash);
    expect(cardRoundFromSeed('dream_andar_bahar', view.seed, view.number)).toMatchObject({
      winner: view.winner,
      cards: view.cards,
    });
    expect(cardsSeen() - before).toBe(view.cards.length);
    await dt.table.settle();
    const logged = await readCardRound(kit.db, round.id);
    expect(logged).toMatchObject({
      status: 'SETTLED',
      seed: view.seed,
      seed_hash: view.seedHash,
      winner: 'BAHAR',
      cards: view.cards,
    });
    expect(dt.table.recentHistory()[0]).toMatchObject({ roundId: round.id, seed: view.seed });
  });

  it('holds bets to the limits in force at each bet, one side of a duel per round', async () => {
    let rules = testCardTable('mac_dragon_tiger');
    const dt = await handTable('mac_dragon_tiger', () => rules);
    const { seat } = await seatedPlayer(kit, 'mac_dragon_tiger', 2_000);
    await dt.open('DRAGON');
    const place = (betKind: CardBetKind, amountMinor: number) =>
      dt.table.placeBet(seat, { betKind, amountMinor });
    expect(await place('DRAGON', 999)).toMatchObject({ ok: false, code: 'BELOW_MIN_BET' });
    expect(await place('A', 1_000)).toMatchObject({ ok: false, code: 'UNKNOWN_BET' });
    expect(await place('DRAGON', 60_000)).toMatchObject({ ok: true });
    expect(await place('DRAGON', 50_000)).toMatchObject({ ok: false, code: 'ABOVE_MAX_BET' });
    expect(await place('DRAGON', 40_000)).toMatchObject({ ok: true });
    expect(await place('TIGER', 1_000)).toMatchObject({ ok: false, code: 'OPPOSITE_SIDE' });
    expect(await place('TIE', 50_001)).toMatchObject({ ok: false, code: 'ABOVE_ROUND_MAX' });
    // Two bets racing each other both count toward the limit: one of them is refused.
    const raced = await Promise.all([place('TIE', 30_000), place('TIE', 30_000)]);
    expect(raced.filter((a) => a.ok)).toHaveLength(1);
    // A change of the rules applies from the next bet.
    rules = {
      ...rules,
      limits: { ...rules.limits, TIE: { minBetMinor: 5_000, maxBetMinor: 100_000 } },
    };
    expect(await place('TIE', 4_000)).toMatchObject({ ok: false, code: 'BELOW_MIN_BET' });
    kit.clock.advanceSeconds(5);
    expect(await place('TIE', 5_000)).toMatchObject({ ok: false, code: 'BETTING_CLOSED' });
    await dt.play();
  });

  it('settles a round once, however often or concurrently the settle step runs', async () => {
    const dt = await handTable('mac_dragon_tiger', () => testCardTable('mac_dragon_tiger'));
    const [one, two, three] = await Promise.all(
      [1, 2, 3].map(() => seatedPlayer(kit, 'mac_dragon_tiger')),
    );
    if (!one || !two || !three) throw new Error('no players');
    await dt.open('TIGER');
    const bets = [
      await dt.bet(one.seat, 'TIGER', 1_000),
      await dt.bet(two.seat, 'DRAGON', 1_000),
      await dt.bet(three.seat, 'TIE', 1_000),
    ];
    kit.clock.advanceSeconds(5);
    await dt.table.closeBetting();
    // The table decides twice, a restart's recovery races it, and the table settles twice.
    dt.table.decide();
    dt.table.decide();
    const recovery = () =>
      recoverCardRounds({
        db: kit.db,
        wallet: wallet(),
        gameCode: 'mac_dragon_tiger',
        log: quiet,
        retryDelaysMs: [],
      });
    await Promise.all([dt.table.settle(), recovery(), dt.table.settle(), recovery()]);
    expect(await takenFor(kit.db, bets[0] as string)).toEqual(['debit 1000', 'credit 2000']);
    expect(await takenFor(kit.db, bets[1] as string)).toEqual(['debit 1000', 'credit 0']);
    expect(await takenFor(kit.db, bets[2] as string)).toEqual(['debit 1000', 'credit 0']);
    expect(await kit.cash(one.id)).toBe(11_000);
    expect(await kit.cash(two.id)).toBe(9_000);
    expect(await kit.cash(three.id)).toBe(9_000);
    for (const bet of bets) {
      expect((await cardBetRow(kit.db, bet as string))?.status).toMatch(/^(PAID|CLOSED)$/);
    }
    // Whoever decided a bet (the table or the recovery) paid it; the table tells a player at
    // most once.
    const settled = dt.messages.filter((m) => m.type === 'settled');
    expect(settled.length).toBeLessThanOrEqual(3);
    expect(new Set(settled.map((m) => JSON.stringify(m))).size).toBe(settled.length);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});
