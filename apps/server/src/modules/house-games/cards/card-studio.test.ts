/**
 * The card games as a page meets them, on PGlite and PostgreSQL, on the real clock with the
 * tables playing by themselves: the launch URL sent on to the game's page, its bundle served
 * (or a clear 503 before it is built), the last rounds as JSON, and the WebSocket: join with the
 * launch token, a bet, the cards one by one, the result with the revealed seed (which recomputes
 * the round), and the settled bets with the wallet's balance. Every message the server sends is
 * checked against the contract's schema.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardRoundFromSeed,
  cardRoundsAnswerSchema,
  cardServerMessageSchema,
  seedHashOf,
  type CardServerMessage,
} from '@backlay/contract/card-games';
import { build, TEST_BACKENDS, type Backend } from '../../../test-helper';
import { casinoKit } from '../../casino/casino-test-kit';
import { searchRounds } from '../../casino';
import { auditLedger, SOUND_LEDGER } from '../../wallet';
import {
  launchAndServeBundle,
  messageMatchers,
  pageSocket,
  testStudioSettings,
} from '../house-games-test-kit';
import { testCardTables } from './card-test-kit';
const GAME = 'mac_teen_patti';

const socket = (url: string, origin: string) => pageSocket(url, origin, cardServerMessageSchema);
const is = messageMatchers<CardServerMessage>();

describe.each(TEST_BACKENDS)('the card games (%s)', (backend: Backend) => {
  let kit: ReturnType<typeof casinoKit>;
  let origin: string;
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-card-dist-'));

  beforeAll(async () => {
    const cards = testCardTables({
      [GAME]: { bettingMs: 1_500, cardMs: 40, pauseMs: 300 },
    });
    const { app, db } = await build({
      backend,
      config: {
        houseGames: { ...testStudioSettings({}, { autoRun: true }), distDir, cards },
      },
    });
    kit = casinoKit(app, db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await kit.app.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('sends a launch on to the game, serves its bundle once built, and lists its rounds', async () => {
    await launchAndServeBundle(
      kit,
      {
        launchPath: 'Casino/LaunchMac',
        gameCode: GAME,
        gameId: 201210,
        name: 'Teen Patti 20-20',
        title: 'Teen Patti',
        dir: 'teen-patti',
      },
      distDir,
    );
    const escape = await kit.app.inject({ url: `/games/mac/${GAME}/..%2f..%2fpackage.json` });
    expect(escape.statusCode).toBe(404);

    const rounds = await kit.app.inject({ url: `/games/mac/${GAME}/rounds` });
    expect(rounds.statusCode).toBe(200);
    const answer = cardRoundsAnswerSchema.parse(rounds.json());
    expect(answer.rules.map((r) => [r.kind, r.payoutCenti])).toEqual([
      ['A', 198],
      ['B', 198],
    ]);
    expect((await kit.app.inject({ url: `/games/nobody/${GAME}/rounds` })).statusCode).toBe(404);
  });

  it('plays over the WebSocket: join, a bet, the cards, the result and its seed, the payout', async () => {
    const player = await kit.player(100);
    const token = await player.launch('Casino/LaunchMac', GAME, 201210);
    const socketUrl = `${origin.replace('http', 'ws')}/games/mac/${GAME}/ws`;
    const page = socket(socketUrl, origin);
    await page.opened;
    page.send({ type: 'bet', requestId: 'early', betKind: 'A', amountMinor: 1_000 });
    await page.next(is('error', (m) => m.code === 'NOT_JOINED'));
    page.send({ type: 'join', token, lang: 'en' });
    const welcome = await page.next(is('welcome'));
    expect(welcome).toMatchObject({ gameCode: GAME, balanceMinor: 10_000, currency: 'INR' });
    expect(welcome.table.limits.A).toEqual({ minBetMinor: 1_000, maxBetMinor: 100_000 });
    expect(welcome.rules.map((r) => r.kind)).toEqual(['A', 'B']);

    // The next betting window (a fresh one, so the bet has its whole window).
    const betting = await page.next(
      is('round', (m) => m.round.phase === 'BETTING' && m.round.bettingEndsAt - Date.now() > 500),
    );
    if (betting.round.phase !== 'BETTING') throw new Error('not betting');
    const roundId = betting.round.roundId;
    page.send({ type: 'bet', requestId: 'b1', betKind: 'A', amountMinor: 2_000 });
    const accepted = await page.next(is('betAccepted'));
    expect(accepted).toMatchObject({ requestId: 'b1', balanceMinor: 8_000 });
    expect(accepted.bet).toMatchObject({ roundId, betKind: 'A', state: 'PLACED' });
    page.send({ type: 'bet', requestId: 'b2', betKind: 'B', amountMinor: 1_000 });
    await page.next(is('refused', (m) => m.requestId === 'b2' && m.code === 'OPPOSITE_SIDE'));

    // A second page of the same player sees the bet.
    const second = socket(socketUrl, origin);
    await second.opened;
    second.send({ type: 'join', token });
    const again = await second.next(is('welcome'));
    expect(again.myBets.map((b) => b.betId)).toEqual([accepted.bet.betId]);

    await page.next(is('round', (m) => m.round.phase === 'DEALING' && m.round.roundId === roundId));
    const cards: string[] = [];
    for (let i = 0; i < 6; i += 1) cards.push((await page.next(is('card'))).card.card);
    const result = await page.next(
      is('round', (m) => m.round.phase === 'RESULT' && m.round.roundId === roundId),
    );
    if (result.round.phase !== 'RESULT') throw new Error('no result');
    expect(seedHashOf(result.round.seed)).toBe(betting.round.seedHash);
    const replayed = cardRoundFromSeed(GAME, result.round.seed, result.round.number);
    expect(replayed.cards.map((c) => c.card)).toEqual(cards);
    expect(result.round.winner).toBe(replayed.winner);

    const settled = await page.next(is('settled', (m) => m.roundId === roundId));
    const expected = replayed.winner === 'A' ? 3_960 : replayed.winner === 'TIE' ? 2_000 : 0;
    expect(settled.returnMinor).toBe(expected);
    expect(settled.bets[0]).toMatchObject({ betId: accepted.bet.betId, returnMinor: expected });
    expect(settled.balanceMinor).toBe(8_000 + expected);
    expect(await kit.cash(player.id)).toBe(8_000 + expected);

    // The console's round lookup finds the bet's wallet round by the table's round id.
    const found = await searchRounds(
      kit.db,
      { brands: null, roundId, limit: 10 },
      async () => new Map(),
    );
    expect(found.items.map((r) => r.roundId)).toEqual([accepted.bet.betId]);
    expect(found.items[0]).toMatchObject({ status: 'SETTLED', gameCode: GAME });

    const listed = cardRoundsAnswerSchema.parse(
      (await kit.app.inject({ url: `/games/mac/${GAME}/rounds` })).json(),
    );
    expect(listed.rounds.find((r) => r.roundId === roundId)?.seed).toBe(result.round.seed);
    expect(page.invalid).toEqual([]);
    expect(second.invalid).toEqual([]);
    page.ws.close();
    second.ws.close();
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});
