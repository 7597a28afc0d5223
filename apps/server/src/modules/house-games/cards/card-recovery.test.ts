/**
 * A restart in the middle of card rounds, on PGlite and PostgreSQL: the table's process dies
 * while a round takes bets (its bets are given back, the round voided), while one is dealing
 * (betting had closed and the deck was fixed by the published seed: the round is completed by
 * its rule table) and after one was decided but before its credits were taken (they are paid).
 * Each bet ends with exactly one credit or one rollback at the wallet, never both and never
 * neither, and running the recovery again moves nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cardRoundFromSeed } from '@backlay/contract/card-games';
import { TEST_BACKENDS, type Backend } from '../../../test-helper';
import { auditLedger, SOUND_LEDGER } from '../../wallet';
import { quiet, studioWallets } from '../house-games-test-kit';
import { recoverCardRounds } from './card-recovery';
import { insertCardBets, readCardRound } from './card-round-log';
import { CardTable } from './card-table';
import {
  cardBetRow,
  cardStudioApp,
  seatedPlayer,
  seedFor,
  takenFor,
  testCardTable,
} from './card-test-kit';

const GAME = 'mac_dragon_tiger';

describe.each(TEST_BACKENDS)('a restart in the middle of card rounds (%s)', (backend: Backend) => {
  let kit: Awaited<ReturnType<typeof cardStudioApp>>;
  let table: CardTable;
  /** The app's wallet, and as the dying process's network reaches it (`wallets.faults`). */
  let wallets: ReturnType<typeof studioWallets>;
  let want: 'DRAGON' | 'TIGER' | 'TIE' = 'DRAGON';

  const recover = () =>
    recoverCardRounds({
      db: kit.db,
      wallet: wallets.wallet,
      gameCode: GAME,
      log: quiet,
      retryDelaysMs: [],
    });

  beforeAll(async () => {
    kit = await cardStudioApp(backend);
    wallets = studioWallets(kit.app);
    // The table of the process about to die, on the same database as the app's.
    table = new CardTable({
      db: kit.db,
      wallet: wallets.faulty,
      gameCode: GAME,
      settings: () => testCardTable(GAME),
      log: quiet,
      now: () => kit.clock.now().getTime(),
      retryDelaysMs: [],
      drawSeed: (number) => seedFor(GAME, number, want),
    });
    await table.open();
  });

  const bet = async (
    seat: Parameters<CardTable['placeBet']>[0],
    kind: 'DRAGON' | 'TIGER' | 'TIE',
    amountMinor: number,
  ) => {
    const answer = await table.placeBet(seat, { betKind: kind, amountMinor });
    if (!answer.ok) throw new Error(answer.code);
    return answer.bet.betId;
  };

  it('gives back every bet of a round cut off while betting, exactly once', async () => {
    const [placed, lostAnswer, neverSent] = await Promise.all(
      [1, 2, 3].map(() => seatedPlayer(kit, GAME)),
    );
    if (!placed || !lostAnswer || !neverSent) throw new Error('no players');
    want = 'TIGER';
    await table.openBetting();
    const round = table.currentRound();
    if (!round) throw new Error('no round');
    const stays = await bet(placed.seat, 'DRAGON', 2_000);
    // A debit whose answer was lost: the table gives it back at once with a rollback.
    wallets.faults.loseDebitAnswers = true;
    const lost = await table.placeBet(lostAnswer.seat, { betKind: 'TIGER', amountMinor: 3_000 });
    wallets.faults.loseDebitAnswers = false;
    expect(lost).toMatchObject({ ok: false, code: 'WALLET_UNAVAILABLE' });
    // A bet recorded PENDING whose debit never left the process.
    const neverSentBet = `${round.id}.tnever`;
    await insertCardBets(kit.db, [
      {
        id: neverSentBet,
        roundId: round.id,
        provider: 'mac',
        playerId: neverSent.id,
        playerToken: neverSent.seat.token,
        currency: 'INR',
        betKind: 'TIGER',
        amountMinor: 4_000,
      },
    ]);
    // The table's own rollback of the lost answer finishes before the process dies.
    let lostBet: { id: string; status: string } | undefined;
    for (let tries = 0; tries < 100 && lostBet?.status !== 'REFUNDED'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      [lostBet] = await kit.db.query<{ id: string; status: string }>(
        'SELECT id, status FROM card_bets WHERE player_id = $1',
        [lostAnswer.id],
      );
    }
    expect(await takenFor(kit.db, lostBet?.id ?? '')).toEqual(['debit 3000', 'rollback 3000']);

    // The restart, before the betting window closed.
    const report = await recover();
    expect(report).toMatchObject({ rounds: 1, paid: 0, closed: 0, unfinished: 0 });
    expect(report.refunded).toBe(2);
    expect(await takenFor(kit.db, stays)).toEqual(['debit 2000', 'rollback 2000']);
    expect((await cardBetRow(kit.db, stays))?.status).toBe('REFUNDED');
    expect((await cardBetRow(kit.db, neverSentBet))?.status).toBe('REFUNDED');
    expect(await kit.cash(placed.id)).toBe(10_000);
    expect(await kit.cash(lostAnswer.id)).toBe(10_000);
    expect(await kit.cash(neverSent.id)).toBe(10_000);
    expect((await readCardRound(kit.db, round.id))?.status).toBe('VOIDED');
  });

  it('completes a round cut off while dealing, by its rule table', async () => {
    const [one, two] = await Promise.all([1, 2].map(() => seatedPlayer(kit, GAME)));
    if (!one || !two) throw new Error('no players');
    want = 'TIE';
    await table.openBetting();
    const round = table.currentRound();
    if (!round) throw new Error('no round');
    const dragon = await bet(one.seat, 'DRAGON', 2_000);
    const tie = await bet(two.seat, 'TIE', 1_000);
    kit.clock.advanceSeconds(5);
    await table.closeBetting();
    // The process dies after the first card.
    const report = await recover();
    expect(report).toMatchObject({ rounds: 1, paid: 2, refunded: 0, unfinished: 0 });
    expect(await takenFor(kit.db, dragon)).toEqual(['debit 2000', 'credit 1000']);
    expect(await takenFor(kit.db, tie)).toEqual(['debit 1000', 'credit 12000']);
    const logged = await readCardRound(kit.db, round.id);
    const replayed = cardRoundFromSeed(GAME, logged?.seed ?? '', round.number);
    expect(logged).toMatchObject({ status: 'SETTLED', winner: 'TIE', cards: replayed.cards });
    expect(logged?.revealed_at).not.toBeNull();
  });

  it('pays the credits of a decided round whose credits were lost, once', async () => {
    const [one, two] = await Promise.all([1, 2].map(() => seatedPlayer(kit, GAME)));
    if (!one || !two) throw new Error('no players');
    want = 'DRAGON';
    await table.openBetting();
    const round = table.currentRound();
    if (!round) throw new Error('no round');
    const dragon = await bet(one.seat, 'DRAGON', 2_000);
    const tiger = await bet(two.seat, 'TIGER', 1_000);
    kit.clock.advanceSeconds(5);
    await table.closeBetting();
    wallets.faults.dropCredits = true;
    table.decide();
    await table.settle();
    wallets.faults.dropCredits = false;
    expect((await cardBetRow(kit.db, dragon))?.status).toBe('WON');
    expect((await cardBetRow(kit.db, tiger))?.status).toBe('LOST');
    expect((await readCardRound(kit.db, round.id))?.status).toBe('RESULT');

    const report = await recover();
    expect(report).toMatchObject({ rounds: 1, paid: 1, closed: 1, refunded: 0, unfinished: 0 });
    expect(await takenFor(kit.db, dragon)).toEqual(['debit 2000', 'credit 4000']);
    expect(await takenFor(kit.db, tiger)).toEqual(['debit 1000', 'credit 0']);
    expect(await kit.cash(one.id)).toBe(12_000);
    expect(await kit.cash(two.id)).toBe(9_000);
    expect((await readCardRound(kit.db, round.id))?.status).toBe('SETTLED');

    // The table itself catches up a round whose credits the wallet did not take, at its next
    // round, without a restart.
    want = 'TIGER';
    await table.openBetting();
    const next = await bet(one.seat, 'TIGER', 1_000);
    kit.clock.advanceSeconds(5);
    await table.closeBetting();
    wallets.faults.dropCredits = true;
    table.decide();
    await table.settle();
    wallets.faults.dropCredits = false;
    expect((await cardBetRow(kit.db, next))?.status).toBe('WON');
    want = 'DRAGON';
    await table.openBetting();
    await table.caughtUp();
    expect(await takenFor(kit.db, next)).toEqual(['debit 1000', 'credit 2000']);
    expect((await cardBetRow(kit.db, next))?.status).toBe('PAID');
    expect(await kit.cash(one.id)).toBe(13_000);

    // A second start finds nothing to do but the round in play, and nothing moves.
    expect(await recover()).toEqual({ rounds: 1, paid: 0, closed: 0, refunded: 0, unfinished: 0 });
    expect(await recover()).toEqual({ rounds: 0, paid: 0, closed: 0, refunded: 0, unfinished: 0 });
    expect(await kit.cash(one.id)).toBe(13_000);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});
