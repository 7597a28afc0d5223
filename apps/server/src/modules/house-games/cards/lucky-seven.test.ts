/**
 * Lucky 7 (`king_lucky_seven`, on King) on the studio's card table engine, by hand on a clock
 * the test moves, on PGlite and PostgreSQL, with the wallet callbacks real: Low and High pay
 * 2.00 and lose on a 7, Seven pays 12.00, Low and High never both in one round (Seven beside
 * either is fine), the one card revealed on the clock with the seed's hash published before and
 * the seed after, the round replayed from the log, its bets settled once however often the
 * settle step runs, and a round cut off mid-deal completed by the rule table after a restart.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cardRoundFromSeed,
  seedHashOf,
  type CardBetKind,
  type CardServerMessage,
  type CardWinner,
} from '@backlay/contract/card-games';
import { TEST_BACKENDS, type Backend } from '../../../test-helper';
import { IN_PROCESS_ORIGIN, inProcessFetch } from '../../payments';
import { auditLedger, SOUND_LEDGER } from '../../wallet';
import { walletClient } from '../wallet-client';
import { recoverCardRounds } from './card-recovery';
import { readCardRound } from './card-round-log';
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
const GAME = 'king_lucky_seven';

describe.each(TEST_BACKENDS)('the Lucky 7 table (%s)', (backend: Backend) => {
  let kit: Awaited<ReturnType<typeof cardStudioApp>>;
  let table: CardTable;
  let want: CardWinner = 'LOW';
  const messages: CardServerMessage[] = [];

  const wallet = () =>
    walletClient({
      walletOrigin: IN_PROCESS_ORIGIN,
      fetch: inProcessFetch(kit.app),
      secretOf: (code) => kit.app.casino.providers.secretOf(code)?.secret,
    });
  const recover = () =>
    recoverCardRounds({
      db: kit.db,
      wallet: wallet(),
      gameCode: GAME,
      log: quiet,
      retryDelaysMs: [],
    });

  beforeAll(async () => {
    kit = await cardStudioApp(backend);
    table = new CardTable({
      db: kit.db,
      wallet: wallet(),
      gameCode: GAME,
      settings: () => testCardTable(GAME),
      log: quiet,
      now: () => kit.clock.now().getTime(),
      retryDelaysMs: [],
      drawSeed: (number) => seedFor(GAME, number, want),
    });
    table.subscribe({
      broadcast: (m) => messages.push(m),
      toPlayer: (_p, _id, m) => messages.push(m),
    });
    await table.open();
  });

  async function open(winner: CardWinner) {
    want = winner;
    expect(await table.openBetting()).toBe(true);
  }
  async function bet(seat: CardPlayer, betKind: CardBetKind, amountMinor: number) {
    const answer = await table.placeBet(seat, { betKind, amountMinor });
    if (!answer.ok) throw new Error(answer.code);
    return answer.bet.betId;
  }
  /** Closes the window, deals the card on the clock, decides and settles. */
  async function play() {
    kit.clock.advanceSeconds(5);
    await table.closeBetting();
    kit.clock.advanceSeconds(0.1);
    expect(table.revealDue()).toBe(true);
    table.decide();
    await table.settle();
  }

  it('pays Low and High 2.00, losing on a 7, and Seven 12.00', async () => {
    const [one, two] = await Promise.all([seatedPlayer(kit, GAME), seatedPlayer(kit, GAME)]);
    if (!one || !two) throw new Error('no players');
    // The launch went through King's launch call, and the bets are King's.
    expect(one.seat.provider).toBe('king');

    await open('SEVEN');
    const lowOnSeven = await bet(one.seat, 'LOW', 2_000);
    const seven = await bet(one.seat, 'SEVEN', 1_001);
    const highOnSeven = await bet(two.seat, 'HIGH', 3_000);
    await play();
    expect(await takenFor(kit.db, lowOnSeven)).toEqual(['debit 2000', 'credit 0']);
    expect(await takenFor(kit.db, seven)).toEqual(['debit 1001', 'credit 12012']);
    expect(await takenFor(kit.db, highOnSeven)).toEqual(['debit 3000', 'credit 0']);
    expect(await cardBetRow(kit.db, seven)).toEqual({
      status: 'PAID',
      outcome: 'WON',
      return_minor: '12012',
    });
    expect(await cardBetRow(kit.db, lowOnSeven)).toMatchObject({
      status: 'CLOSED',
      outcome: 'LOST',
    });

    await open('LOW');
    const low = await bet(one.seat, 'LOW', 1_000);
    const sevenOnLow = await bet(one.seat, 'SEVEN', 1_000);
    const high = await bet(two.seat, 'HIGH', 1_000);
    await play();
    expect(await takenFor(kit.db, low)).toEqual(['debit 1000', 'credit 2000']);
    expect(await takenFor(kit.db, sevenOnLow)).toEqual(['debit 1000', 'credit 0']);
    expect(await takenFor(kit.db, high)).toEqual(['debit 1000', 'credit 0']);

    await open('HIGH');
    const highWins = await bet(two.seat, 'HIGH', 1_500);
    const lowLoses = await bet(one.seat, 'LOW', 1_500);
    await play();
    expect(await takenFor(kit.db, highWins)).toEqual(['debit 1500', 'credit 3000']);
    expect(await takenFor(kit.db, lowLoses)).toEqual(['debit 1500', 'credit 0']);

    // Round by round: a seven, a low card, a high card.
    expect(await kit.cash(one.id)).toBe(
      10_000 + (-2_000 - 1_001 + 12_012) + (-1_000 - 1_000 + 2_000) + -1_500,
    );
    expect(await kit.cash(two.id)).toBe(10_000 + -3_000 + -1_000 + (-1_500 + 3_000));
    // The player hears their round once, with the winner and the balance after every credit.
    const settled = messages.filter(
      (m): m is Extract<CardServerMessage, { type: 'settled' }> => m.type === 'settled',
    );
    const sevenRound = settled.find((m) => m.bets.some((b) => b.betId === seven));
    expect(sevenRound).toMatchObject({ winner: 'SEVEN', returnMinor: 12_012 });
    expect(sevenRound?.bets.map((b) => `${b.betKind} ${b.state}`).sort()).toEqual([
      'LOW LOST',
      'SEVEN WON',
    ]);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('takes Seven beside Low or High but never Low and High together, and nothing else', async () => {
    const [one, two] = await Promise.all([seatedPlayer(kit, GAME), seatedPlayer(kit, GAME)]);
    if (!one || !two) throw new Error('no players');
    await open('HIGH');
    const place = (seat: CardPlayer, betKind: CardBetKind, amountMinor = 1_000) =>
      table.placeBet(seat, { betKind, amountMinor });
    expect(await place(one.seat, 'LOW')).toMatchObject({ ok: true });
    expect(await place(one.seat, 'SEVEN')).toMatchObject({ ok: true });
    expect(await place(one.seat, 'HIGH')).toMatchObject({ ok: false, code: 'OPPOSITE_SIDE' });
    expect(await place(two.seat, 'HIGH')).toMatchObject({ ok: true });
    expect(await place(two.seat, 'LOW')).toMatchObject({ ok: false, code: 'OPPOSITE_SIDE' });
    expect(await place(two.seat, 'TIE')).toMatchObject({ ok: false, code: 'UNKNOWN_BET' });
    expect(await place(two.seat, 'DRAGON')).toMatchObject({ ok: false, code: 'UNKNOWN_BET' });
    // Refused bets moved nothing: each player paid for the two bets taken only.
    expect(await kit.cash(one.id)).toBe(10_000 - 2_000);
    expect(await kit.cash(two.id)).toBe(10_000 - 1_000);
    await play();
    expect(await kit.cash(one.id)).toBe(10_000 - 2_000);
    expect(await kit.cash(two.id)).toBe(10_000 - 1_000 + 2_000);
  });

  it('reveals its one card on the clock, the seed after, and replays the round from the log', async () => {
    await open('SEVEN');
    const round = table.currentRound();
    if (!round) throw new Error('no round');
    const opened = table.roundView();
    expect(opened.phase).toBe('BETTING');
    expect(JSON.stringify(opened)).not.toContain('"seed"');
    const cardsSeen = () => messages.filter((m) => m.type === 'card').length;
    const before = cardsSeen();
    kit.clock.advanceSeconds(5);
    await table.closeBetting();
    expect(cardsSeen() - before).toBe(1);
    expect(table.revealDue()).toBe(true);
    table.decide();
    const view = table.roundView();
    if (view.phase !== 'RESULT') throw new Error('no result');
    expect(seedHashOf(view.seed)).toBe(view.seedHash);
    expect(view.winner).toBe('SEVEN');
    expect(view.cards).toHaveLength(1);
    expect(view.cards[0]).toMatchObject({
      position: 0,
      side: 'CARD',
      card: expect.stringMatching(/^7[SHDC]$/),
    });
    expect(cardRoundFromSeed(GAME, view.seed, view.number)).toEqual({
      winner: 'SEVEN',
      cards: view.cards,
    });
    await table.settle();
    expect(await readCardRound(kit.db, round.id)).toMatchObject({
      game_code: GAME,
      status: 'SETTLED',
      seed: view.seed,
      seed_hash: view.seedHash,
      winner: 'SEVEN',
      cards: view.cards,
    });
    expect(table.recentHistory()[0]).toMatchObject({ roundId: round.id, winner: 'SEVEN' });
  });

  it('settles a round once, however often the table and a recovery run its settle step', async () => {
    const [one, two] = await Promise.all([seatedPlayer(kit, GAME), seatedPlayer(kit, GAME)]);
    if (!one || !two) throw new Error('no players');
    await open('LOW');
    const low = await bet(one.seat, 'LOW', 1_000);
    const seven = await bet(two.seat, 'SEVEN', 1_000);
    kit.clock.advanceSeconds(5);
    await table.closeBetting();
    table.decide();
    table.decide();
    await Promise.all([table.settle(), recover(), table.settle(), recover()]);
    expect(await takenFor(kit.db, low)).toEqual(['debit 1000', 'credit 2000']);
    expect(await takenFor(kit.db, seven)).toEqual(['debit 1000', 'credit 0']);
    expect(await kit.cash(one.id)).toBe(11_000);
    expect(await kit.cash(two.id)).toBe(9_000);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('completes a round cut off mid-deal by its rule table after a restart', async () => {
    const [one, two] = await Promise.all([seatedPlayer(kit, GAME), seatedPlayer(kit, GAME)]);
    if (!one || !two) throw new Error('no players');
    await open('SEVEN');
    const round = table.currentRound();
    if (!round) throw new Error('no round');
    const seven = await bet(one.seat, 'SEVEN', 2_000);
    const high = await bet(two.seat, 'HIGH', 2_000);
    kit.clock.advanceSeconds(5);
    await table.closeBetting();
    // The process dies here: the card is fixed by the seed, nothing is decided yet.
    expect((await readCardRound(kit.db, round.id))?.status).toBe('DEALING');
    const report = await recover();
    expect(report).toMatchObject({ rounds: 1, paid: 1, closed: 1, refunded: 0, unfinished: 0 });
    expect(await takenFor(kit.db, seven)).toEqual(['debit 2000', 'credit 24000']);
    expect(await takenFor(kit.db, high)).toEqual(['debit 2000', 'credit 0']);
    expect(await readCardRound(kit.db, round.id)).toMatchObject({
      status: 'SETTLED',
      winner: 'SEVEN',
    });
    // Run again, it finds nothing to do.
    expect(await recover()).toMatchObject({ rounds: 0, paid: 0, closed: 0 });
    expect(await kit.cash(one.id)).toBe(10_000 - 2_000 + 24_000);
    expect(await kit.cash(two.id)).toBe(10_000 - 2_000);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});
