/**
 * The studio as a page meets it, on PGlite and PostgreSQL: the launch URL sent on to the
 * game's page, the built bundle served (or a clear 503 before it is built), the last rounds as
 * JSON, and the WebSocket on the real clock: join with the launch token, two bets, a cash-out,
 * ticks, the crash with its hash, and a second page of the same player seeing its bets. Every
 * message the server sends is checked against the contract's schema.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  crashPointFromHash,
  crashRoundsAnswerSchema,
  crashServerMessageSchema,
  type CrashServerMessage,
} from '@backlay/contract/house-games';
import { TEST_BACKENDS, type Backend } from '../../test-helper';
import { searchRounds } from '../casino';
import { auditLedger, SOUND_LEDGER } from '../wallet';
import {
  HOST,
  launchAndServeBundle,
  liveStudioApp,
  messageMatchers,
  pageSocket,
} from './house-games-test-kit';

const socket = (url: string, origin: string) => pageSocket(url, origin, crashServerMessageSchema);
const is = messageMatchers<CrashServerMessage>();

describe.each(TEST_BACKENDS)('the studio (%s)', (backend: Backend) => {
  let kit: Awaited<ReturnType<typeof liveStudioApp>>;
  let origin: string;
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-games-dist-'));

  beforeAll(async () => {
    kit = await liveStudioApp(backend, { bettingMs: 800, tickMs: 50, pauseMs: 300 }, distDir);
    await kit.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(kit.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

  it('sends a launch on to the game, serves its bundle once built, and lists the last rounds', async () => {
    const { built } = await launchAndServeBundle(
      kit,
      {
        launchPath: 'Casino/LaunchMac',
        gameCode: 'sbe_aviator',
        gameId: 201206,
        name: 'The crash game',
        title: 'Sky Ace',
        dir: 'crash',
      },
      distDir,
    );
    expect(built.headers['content-security-policy']).toContain("script-src 'self'");
    // Relative asset URLs need the trailing slash; nothing outside the bundle is served.
    const bare = await kit.app.inject({ url: '/games/mac/sbe_aviator?x=1', headers: HOST });
    expect([bare.statusCode, bare.headers.location]).toEqual([301, '/games/mac/sbe_aviator/?x=1']);
    for (const sneaky of [
      '/games/mac/sbe_aviator/..%2F..%2Fpackage.json',
      '/games/mac/sbe_aviator/nothing.js',
    ]) {
      expect((await kit.app.inject({ url: sneaky, headers: HOST })).statusCode).toBe(404);
    }
    expect(
      (await kit.app.inject({ url: '/games/nobody/sbe_aviator/', headers: HOST })).statusCode,
    ).toBe(404);
    // A game the studio does not have goes to the test provider, standing in.
    const other = await kit.app.inject({
      url: '/games/mac/?game=mac_rocket_rush&token=x',
      headers: HOST,
    });
    expect([other.statusCode, other.headers.location]).toEqual([
      302,
      '/games/test/mac/?game=mac_rocket_rush&token=x',
    ]);

    const rounds = await kit.app.inject({ url: '/games/mac/sbe_aviator/rounds', headers: HOST });
    expect(rounds.statusCode).toBe(200);
    const answer = crashRoundsAnswerSchema.parse(rounds.json());
    expect(answer.fairness.houseEdgeBp).toBe(100);
  });

  it('plays over the WebSocket: join, two bets, a cash-out, ticks, the crash and its hash', async () => {
    const player = await kit.player(100);
    const token = await player.launch();
    const socketUrl = `${origin.replace('http', 'ws')}/games/mac/sbe_aviator/ws`;

    // Another site's page may not open it; a page that has not joined may not bet.
    const foreign = new WebSocket(socketUrl, { origin: 'https://elsewhere.example' });
    const refusedStatus = await new Promise<number>((resolve) =>
      foreign.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(refusedStatus).toBe(403);
    const stranger = socket(socketUrl, origin);
    await stranger.opened;
    stranger.send({ type: 'bet', requestId: 'b0', slot: 1, amountMinor: 1_000 });
    expect(await stranger.next(is('error'))).toMatchObject({ code: 'NOT_JOINED', fatal: false });
    stranger.send({ type: 'join', token: 'not-a-token-at-all-really' });
    expect(await stranger.next(is('error'))).toMatchObject({ code: 'INVALID_TOKEN', fatal: true });
    expect(await stranger.closed).toBe(1008);

    const page = socket(socketUrl, origin);
    await page.opened;
    page.send({ type: 'join', token, lang: 'hi' });
    const welcome = await page.next(is('welcome'));
    expect(welcome).toMatchObject({ playerId: player.id, currency: 'INR', balanceMinor: 10_000 });
    expect(welcome.table).toMatchObject({ houseEdgeBp: 100, minBetMinor: 1_000, slots: 2 });
    page.send({ type: 'ping', clientTime: 42 });
    expect(await page.next(is('pong'))).toMatchObject({ clientTime: 42 });

    // The table is driven by the test, on the real clock: a round that crashes at 1.50x or
    // more (empty ones before it go by).
    for (;;) {
      await kit.table.openBetting();
      if ((kit.table.currentRound()?.crashPointCenti ?? 0) >= 150) break;
      await kit.table.start();
      kit.table.crash();
      await kit.table.settle();
    }
    const roundId = kit.table.currentRound()?.id;
    const betting = await page.next(
      is('round', (m) => m.round.phase === 'BETTING' && m.round.roundId === roundId),
    );
    if (betting.round.phase !== 'BETTING') throw new Error('not betting');
    page.send({ type: 'bet', requestId: 'a', slot: 1, amountMinor: 1_000 });
    page.send({ type: 'bet', requestId: 'b', slot: 2, amountMinor: 1_000, autoCashOutCenti: 101 });
    const accepted = await page.next(is('betAccepted', (m) => m.requestId === 'a'));
    expect(accepted.bet).toMatchObject({
      slot: 1,
      state: 'PLACED',
      roundId: betting.round.roundId,
    });
    expect(await page.next(is('betAccepted', (m) => m.requestId === 'b'))).toMatchObject({
      balanceMinor: 8_000,
    });
    // A second page of the same player (a reconnect) finds both bets.
    const again = socket(socketUrl, origin);
    await again.opened;
    again.send({ type: 'join', token });
    const rejoined = await again.next(is('welcome'));
    expect(rejoined.myBets.map((b) => b.slot).sort()).toEqual([1, 2]);
    again.ws.close();

    await kit.table.start();
    await page.next(is('round', (m) => m.round.phase === 'RUNNING'));
    // 1.01x is reached after 166 ms: the tick pays the auto cash-out at exactly its target.
    await new Promise((resolve) => setTimeout(resolve, 250));
    kit.table.tick();
    expect(await page.next(is('tick'))).toMatchObject({ roundId: betting.round.roundId });
    const auto = await page.next(is('cashedOut', (m) => m.bet.slot === 2));
    expect(auto).toMatchObject({ reason: 'AUTO', multiplierCenti: 101, winMinor: 1_010 });
    page.send({ type: 'cashOut', requestId: 'c', slot: 1 });
    const manual = await page.next(is('cashedOut', (m) => m.bet.slot === 1));
    expect(manual).toMatchObject({ reason: 'MANUAL', requestId: 'c' });
    // A win is told once the round log holds it; the balance follows the wallet's credit.
    expect(manual).not.toHaveProperty('balanceMinor');
    page.send({ type: 'cashOut', requestId: 'd', slot: 1 });
    expect(await page.next(is('refused', (m) => m.requestId === 'd'))).toMatchObject({
      code: 'ALREADY_CASHED_OUT',
    });

    kit.table.crash();
    const crashed = await page.next(is('round', (m) => m.round.phase === 'CRASHED'));
    if (crashed.round.phase !== 'CRASHED') throw new Error('not crashed');
    // The revealed hash gives the crash point, with the chain's edge and salt.
    expect(
      crashPointFromHash(crashed.round.hash, {
        houseEdgeBp: welcome.fairness.houseEdgeBp,
        salt: welcome.fairness.salt,
      }),
    ).toBe(crashed.round.crashPointCenti);
    await kit.table.settle();
    expect(page.messages.some((m) => m.type === 'tick')).toBe(true);
    expect(page.messages.some((m) => m.type === 'bets')).toBe(true);
    expect(page.invalid).toEqual([]);

    // Once the last round's callbacks are in, the last balance the page was told is the wallet's.
    const lastBalance = () =>
      page.messages
        .flatMap((m) => (m.type !== 'welcome' && 'balanceMinor' in m ? [m.balanceMinor] : []))
        .at(-1);
    await expect
      .poll(async () => lastBalance() === (await kit.cash(player.id)), { timeout: 10_000 })
      .toBe(true);
    page.ws.close();

    // The console's round lookup finds the studio's bets by player and by the callbacks' round
    // id (the bet's id, which starts with the studio's round id), with every callback.
    const names = async () => new Map<string, string>();
    const byPlayer = await searchRounds(
      kit.db,
      { brands: null, playerId: player.id, limit: 10 },
      names,
    );
    expect(byPlayer.items.map((r) => r.roundId).sort()).toEqual(
      [accepted.bet.betId, auto.bet.betId].sort(),
    );
    expect(byPlayer.items.every((r) => r.roundId.startsWith(`${roundId}.`))).toBe(true);
    const byRound = await searchRounds(
      kit.db,
      { brands: null, roundId: accepted.bet.betId, limit: 10 },
      names,
    );
    expect(byRound.items).toHaveLength(1);
    expect(byRound.items[0]).toMatchObject({ status: 'SETTLED', gameCode: 'sbe_aviator' });
    // The studio's own round id finds every bet of its round, and nothing else.
    const byStudioRound = await searchRounds(
      kit.db,
      { brands: null, roundId: String(roundId), limit: 10 },
      names,
    );
    expect(byStudioRound.items.map((r) => r.roundId).sort()).toEqual(
      [accepted.bet.betId, auto.bet.betId].sort(),
    );
    const wildcard = await searchRounds(kit.db, { brands: null, roundId: '%', limit: 10 }, names);
    expect(wildcard.items).toEqual([]);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  }, 120_000);
});
