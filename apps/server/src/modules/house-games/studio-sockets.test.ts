/**
 * The studio's socket layer with a small game of its own and a wallet that knows one token,
 * over real sockets: the join (welcome, a refused token closing the connection), malformed
 * messages, moves before joining, ping, the allowance of moves, the connections one address may
 * hold, and messages to everyone keeping their order with a player's own (a fan-out chunk of 1,
 * so the last page is reached many turns after the first).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { studioSockets, type StudioRefusalCode, type StudioSockets } from './studio-sockets';
import type { WalletClient } from './wallet-client';

type Client =
  | { type: 'join'; token: string }
  | { type: 'ping'; clientTime: number }
  | { type: 'poke'; requestId: string };
type Server =
  | { type: 'welcome'; playerId: string }
  | { type: 'poked'; requestId: string }
  | { type: 'slow'; requestId: string }
  | { type: 'news'; n: number };

const GOOD_TOKEN = 'a-good-token-of-16-or-more';
const REFUSALS: Record<StudioRefusalCode, string> = {
  NOT_JOINED: 'join first',
  BAD_MESSAGE: 'bad message',
  INVALID_TOKEN: 'bad token',
  TOKEN_EXPIRED: 'expired',
  TABLE_PAUSED: 'paused',
  RATE_LIMITED: 'slow down',
  WALLET_UNAVAILABLE: 'no wallet',
  BUSY: 'busy',
};

/** A schema of the game's page messages (what the contract's zod schemas do for real games). */
const schema = {
  safeParse(value: unknown): { success: true; data: Client } | { success: false } {
    if (typeof value !== 'object' || value === null) return { success: false };
    const message = value as Record<string, unknown>;
    if (message.type === 'join' && typeof message.token === 'string') {
      return { success: true, data: { type: 'join', token: message.token } };
    }
    if (message.type === 'ping' && typeof message.clientTime === 'number') {
      return { success: true, data: { type: 'ping', clientTime: message.clientTime } };
    }
    if (message.type === 'poke' && typeof message.requestId === 'string') {
      return { success: true, data: { type: 'poke', requestId: message.requestId } };
    }
    return { success: false };
  },
};

const unused = () => Promise.reject(new Error('not in this test'));
const wallet: WalletClient = {
  balance: (_provider, body) =>
    Promise.resolve(
      body.token === GOOD_TOKEN
        ? { status: 'OK', playerId: 'player-1', currency: 'INR', balanceMinor: 100 }
        : { status: 'ERROR', code: 'INVALID_TOKEN', message: 'no such token' },
    ),
  debit: unused,
  credit: unused,
  rollback: unused,
  knows: () => true,
};

describe('the studio socket layer', () => {
  const server = http.createServer();
  let sockets: StudioSockets<Server>;
  let url = '';
  const open: WebSocket[] = [];

  beforeAll(async () => {
    sockets = studioSockets<Client, Server>(
      {
        gameCode: 'test_game',
        schema,
        refusals: REFUSALS,
        welcome: (player) => ({ type: 'welcome', playerId: player.playerId }),
        rateLimited: (move) => ({ type: 'slow', requestId: move.requestId }),
        move(player, move, reply) {
          // Everyone hears news, then this page its answer, in the same turn.
          sockets.broadcast({ type: 'news', n: Number(move.requestId) });
          sockets.toPlayer(player.provider, player.playerId, {
            type: 'poked',
            requestId: move.requestId,
          });
          reply({ type: 'poked', requestId: `${move.requestId}-reply` });
          return Promise.resolve();
        },
      },
      { wallet, log: { warn: () => undefined }, connectionsPerAddress: 8, fanOutChunk: 1 },
    );
    server.on('upgrade', (request, socket, head) =>
      sockets.upgrade(request, socket, head, 'mac', 'one-address'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await sockets.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A page: its messages in order, and a wait for the nth one. */
  async function page() {
    const ws = new WebSocket(url);
    open.push(ws);
    const got: Record<string, unknown>[] = [];
    const waiting: { done: () => boolean; resolve: () => void }[] = [];
    ws.on('message', (data) => {
      got.push(JSON.parse(data.toString()) as Record<string, unknown>);
      for (const wait of waiting) if (wait.done()) wait.resolve();
    });
    /** Resolves once `done` holds (checked at each message). */
    const waitFor = (done: () => boolean) =>
      new Promise<void>((resolve) => {
        if (done()) resolve();
        else waiting.push({ done, resolve });
      });
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return {
      ws,
      got,
      closed,
      send: (message: unknown) => ws.send(JSON.stringify(message)),
      /** Waits until `count` messages came. */
      until: (count: number) => waitFor(() => got.length >= count),
      waitFor,
    };
  }

  it('refuses what it cannot read, moves before the join and a bad token, and answers ping', async () => {
    const p = await page();
    p.ws.send('not json');
    p.send({ type: 'poke', requestId: '1' });
    p.send({ type: 'ping', clientTime: 42 });
    await p.until(3);
    expect(p.got[0]).toMatchObject({ type: 'error', code: 'BAD_MESSAGE', fatal: false });
    expect(p.got[1]).toMatchObject({ type: 'error', code: 'NOT_JOINED', fatal: false });
    expect(p.got[2]).toMatchObject({ type: 'pong', clientTime: 42 });
    p.send({ type: 'join', token: 'a-bad-token-of-16-or-more' });
    expect(await p.closed).toBe(1008);
    expect(p.got[3]).toMatchObject({ type: 'error', code: 'INVALID_TOKEN', fatal: true });
    expect(sockets.joined()).toBe(0);
  });

  it("keeps each page's messages in order: news to everyone before a player's own answer", async () => {
    const pages = await Promise.all([page(), page(), page(), page()]);
    for (const p of pages) p.send({ type: 'join', token: GOOD_TOKEN });
    await Promise.all(pages.map((p) => p.until(1)));
    expect(sockets.joined()).toBe(4);
    const last = pages[3];
    if (!last) throw new Error('no page');
    last.send({ type: 'poke', requestId: '7' });
    // Every page gets the news then (being the same player) the answer; the poking page its
    // reply last.
    await Promise.all(pages.map((p) => p.until(p === last ? 4 : 3)));
    for (const p of pages) {
      expect(p.got.slice(1, 3)).toEqual([
        { type: 'news', n: 7 },
        { type: 'poked', requestId: '7' },
      ]);
    }
    expect(last.got[3]).toEqual({ type: 'poked', requestId: '7-reply' });
    for (const p of pages) p.ws.close();
    await Promise.all(pages.map((p) => p.closed));
  });

  it('answers moves past the allowance (a burst of 20) with the game’s refusal', async () => {
    const p = await page();
    p.send({ type: 'join', token: GOOD_TOKEN });
    await p.until(1);
    const MOVES = 40;
    for (let i = 0; i < MOVES; i++) p.send({ type: 'poke', requestId: String(i) });
    const answered = () =>
      p.got.filter(
        (m) => m.type === 'slow' || (m.type === 'poked' && String(m.requestId).endsWith('-reply')),
      ).length;
    await p.waitFor(() => answered() >= MOVES);
    const slow = p.got.filter((m) => m.type === 'slow').length;
    // The join took one of the burst; the allowance refills at 10 a second meanwhile.
    expect(slow).toBeGreaterThan(0);
    expect(MOVES - slow).toBeGreaterThanOrEqual(19);
    expect(MOVES - slow).toBeLessThan(MOVES);
    p.ws.close();
    await p.closed;
  });

  it('takes as many connections from one address as allowed, and answers 429 after', async () => {
    // The pages of the tests before have closed on the server's side too.
    while (sockets.count() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const pages = await Promise.all(Array.from({ length: 8 }, () => page()));
    expect(sockets.count()).toBe(8);
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(url);
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.on('error', () => undefined);
    });
    expect(refused).toBe(429);
    for (const p of pages) p.ws.close();
    await Promise.all(pages.map((p) => p.closed));
  });
});
