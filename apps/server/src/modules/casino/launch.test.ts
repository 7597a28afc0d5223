/**
 * The casino's player calls on PGlite and PostgreSQL: the game lists (the call, the CDN files,
 * the lobby's rows and the thumbnails), the three providers' launches and the Dream URL, what a
 * launch's token is bound to, every refusal, demo players on play money, and the launch limit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CasinoGame } from '@backlay/contract/casino';
import { loadConfig } from '../../config';
import { TEST_BACKENDS, type Backend } from '../../test-helper';
import { setBettingLock } from '../account';
import { auditLedger, getBalances, SOUND_LEDGER } from '../wallet';
import { setPlayerCasinoSwitch, updateCatalogue } from './catalogue';
import { updateProvider } from './providers';
import { casinoApp, must, newId, outcomeOf, tokenOf } from './casino-test-kit';

const CRASH = { gameCode: 'sbe_aviator', gameId: 201206, country: 'IN' };

describe.each(TEST_BACKENDS)('casino launches and lists (%s)', (backend: Backend) => {
  let kit: Awaited<ReturnType<typeof casinoApp>>;
  beforeAll(async () => {
    kit = await casinoApp(backend, {
      limits: {
        ...loadConfig({}).limits,
        casinoLaunchesPlayer: [{ points: 12, durationSeconds: 60 }],
      },
    });
  });

  it('lists the brand’s games to guests and players, as the call, the CDN files and the lobby', async () => {
    const guest = await kit.api('GET', 'InternationalCasino/GetGames', { host: '99exch.com' });
    const games = guest.body.result as CasinoGame[];
    expect(games.length).toBeGreaterThanOrEqual(12);
    expect(games).toContainEqual(
      expect.objectContaining({
        gameCode: 'sbe_aviator',
        gameId: 201206,
        provider: 'mac',
        category: 'crash',
        image: '/cdn/casino/thumbs/sbe_aviator.svg',
      }),
    );
    expect(new Set(games.map((g) => g.provider))).toEqual(new Set(['dream', 'king', 'mac']));
    expect(new Set(games.map((g) => g.category))).toEqual(
      new Set(['crash', 'cards', 'table', 'slots']),
    );
    const player = await kit.player();
    expect((await player.call('GET', 'InternationalCasino/GetGames')).body.result).toEqual(games);

    const grid = await kit.api('GET', 'Casino/GetGrid', { host: '99exch.com' });
    const rows = grid.body.result as { title: string; games: CasinoGame[] }[];
    expect(rows.map((r) => r.title)).toEqual(['Crash games', 'Card games', 'Table games', 'Slots']);
    expect(rows.flatMap((r) => r.games)).toHaveLength(games.length);

    const file = await kit.app.inject({
      url: '/cdn/games/international.json',
      headers: { host: '99exch.com' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.json()).toEqual(games);
    const mac = await kit.app.inject({
      url: '/cdn/games/mac.json',
      headers: { host: '99exch.com' },
    });
    expect((mac.json() as CasinoGame[]).every((g) => g.provider === 'mac')).toBe(true);
    for (const [url, host] of [
      ['/cdn/games/nothing.json', '99exch.com'],
      ['/cdn/games/international.json', 'unknown-brand.example'],
    ] as const) {
      expect((await kit.app.inject({ url, headers: { host } })).statusCode, url).toBe(404);
    }
    const thumb = await kit.app.inject({ url: '/cdn/casino/thumbs/sbe_aviator.svg' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toContain('image/svg+xml');
    expect(thumb.headers['content-security-policy']).toContain("default-src 'none'");
    expect(thumb.body).toContain('Sky Ace');
    expect(thumb.body).not.toMatch(/<script|href=/i);
  });

  it('launches at each provider for the session’s player, whatever userId says', async () => {
    const player = await kit.player(100);
    const someoneElse = await kit.player();
    for (const [path, game] of [
      ['Casino/LaunchMac', CRASH],
      ['Casino/LaunchDream', { gameCode: 'dream_andar_bahar', gameId: 101002, country: 'IN' }],
      ['Casino/LaunchKing', { gameCode: 'king_palace_baccarat', gameId: 301004, country: 'IN' }],
    ] as const) {
      const res = await player.call('POST', path, {
        ...game,
        userId: someoneElse.id,
        language: 'hi',
        returnUrl: '/lobby',
      });
      expect(res.body.success, path).toBe(true);
      const url = new URL(res.body.result.url as string, 'http://99exch.com');
      const provider = path.slice('Casino/Launch'.length).toLowerCase();
      // Test hosts and previews use the test endpoint; here the live one: the built-in studio.
      expect(url.pathname).toBe(`/games/${provider}/`);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        game: game.gameCode,
        gameId: String(game.gameId),
        currency: 'INR',
        lang: 'hi',
        operator: 'backlay',
        returnUrl: 'http://99exch.com/lobby',
      });
      const balance = await kit.provider(provider).balance(tokenOf(url.href));
      expect(balance.answer).toMatchObject({
        status: 'OK',
        playerId: player.id,
        balanceMinor: 10_000,
      });
    }
    const lobby = await player.call('GET', 'Casino/GetDreamUrl');
    expect(lobby.body.success).toBe(true);
    expect(lobby.body.result.url).not.toContain('game=');
    const dream = kit.provider('dream');
    const lobbyToken = tokenOf(lobby.body.result.url as string);
    // A lobby token plays any of the provider's games, and none of another's.
    expect(outcomeOf(await dream.debit(lobbyToken, 100))).toBe('OK');
    const foreignGame = await dream.send('debit', {
      token: lobbyToken,
      transactionId: newId('bet'),
      roundId: newId('round'),
      gameCode: 'sbe_aviator',
      currency: 'INR',
      amountMinor: 100,
    });
    expect(outcomeOf(foreignGame)).toBe('UNKNOWN_GAME');
    const oneGame = await dream.send('balance', {
      token: tokenOf(
        (await player.call('GET', 'Casino/GetDreamUrl', { gameCode: 'dream_temple_gold' })).body
          .result.url as string,
      ),
    });
    expect(oneGame.answer.status).toBe('OK');
  });

  it('binds a token to its provider, game and currency', async () => {
    const player = await kit.player(100);
    const token = await player.launch();
    const mac = kit.provider('mac');
    const otherGame = await mac.send('debit', {
      token,
      transactionId: newId('bet'),
      roundId: newId('round'),
      gameCode: 'mac_rocket_rush',
      currency: 'INR',
      amountMinor: 100,
    });
    expect(outcomeOf(otherGame)).toBe('UNKNOWN_GAME');
    expect(outcomeOf(await kit.provider('king').balance(token))).toBe('INVALID_TOKEN');
    expect(outcomeOf(await kit.provider('king').debit(token, 100))).toBe('INVALID_TOKEN');
    expect(outcomeOf(await mac.debit('x'.repeat(43), 100))).toBe('INVALID_TOKEN');
    const dollars = await mac.send('debit', {
      token,
      transactionId: newId('bet'),
      roundId: newId('round'),
      gameCode: 'sbe_aviator',
      currency: 'USD',
      amountMinor: 100,
    });
    expect(outcomeOf(dollars)).toBe('WRONG_CURRENCY');
    expect(await kit.cash(player.id)).toBe(10_000);
  });

  it('refuses launches with a clear reason', async () => {
    const player = await kit.player(10);
    const launch = (path: string, body: Record<string, unknown>) => player.call('POST', path, body);
    const refusal = (res: { status: number; body: { error?: { details?: string } } }) =>
      `${res.status} ${res.body.error?.details}`;

    expect(refusal(await launch('Casino/LaunchDream', CRASH))).toBe('404 WRONG_PROVIDER');
    expect(refusal(await launch('Casino/LaunchMac', { ...CRASH, gameCode: 'no_such' }))).toBe(
      '404 UNKNOWN_GAME',
    );
    expect(refusal(await launch('Casino/LaunchMac', { ...CRASH, gameId: 1 }))).toBe(
      '404 UNKNOWN_GAME',
    );
    const guest = await kit.api('POST', 'Casino/LaunchMac', { host: '99exch.com', body: CRASH });
    expect(guest.status).toBe(401);

    // A game the brand switched off, then the brand's casino.
    const catalogue = await kit.db.query<{ game_code: string }>(
      'SELECT game_code FROM casino_games ORDER BY position',
    );
    const change = (casinoEnabled: boolean, off: string | null, version: number) =>
      kit.db.transaction((tx) =>
        updateCatalogue(tx, {
          domain: player.host,
          version,
          casinoEnabled,
          games: catalogue.map((g) => ({ gameCode: g.game_code, enabled: g.game_code !== off })),
        }),
      );
    expect((await change(true, 'sbe_aviator', 0)).outcome).toBe('changed');
    expect(refusal(await launch('Casino/LaunchMac', CRASH))).toBe('403 GAME_DISABLED');
    const games = (await player.call('GET', 'InternationalCasino/GetGames')).body
      .result as CasinoGame[];
    expect(games.map((g) => g.gameCode)).not.toContain('sbe_aviator');
    expect((await change(false, null, 1)).outcome).toBe('changed');
    expect(refusal(await launch('Casino/LaunchMac', CRASH))).toBe('403 CASINO_CLOSED');
    expect((await player.call('GET', 'InternationalCasino/GetGames')).body.result).toEqual([]);
    expect((await change(true, null, 2)).outcome).toBe('changed');

    // The player's casino switch, then their betting lock.
    await kit.db.transaction((tx) =>
      setPlayerCasinoSwitch(tx, { id: player.id, domain: player.host }, false),
    );
    expect(refusal(await launch('Casino/LaunchMac', CRASH))).toBe('403 CASINO_OFF_FOR_PLAYER');
    await kit.db.transaction((tx) =>
      setPlayerCasinoSwitch(tx, { id: player.id, domain: player.host }, true),
    );
    const token = await player.launch();
    await kit.db.transaction((tx) => setBettingLock(tx, player.id, true));
    expect(refusal(await launch('Casino/LaunchMac', CRASH))).toBe('403 BETTING_LOCKED');
    // A game already open takes no more bets.
    expect(outcomeOf(await kit.provider('mac').debit(token, 100))).toBe('PLAYER_BLOCKED');
    await kit.db.transaction((tx) => setBettingLock(tx, player.id, false));

    // A provider switched off.
    const mac = must(kit.app.casino.providers.get('mac'));
    await kit.db.transaction((tx) => updateProvider(tx, { ...mac, enabled: false }));
    await kit.app.casino.providers.refresh();
    expect(refusal(await launch('Casino/LaunchMac', CRASH))).toBe('503 PROVIDER_UNAVAILABLE');
    const off = must(kit.app.casino.providers.get('mac'));
    await kit.db.transaction((tx) => updateProvider(tx, { ...off, enabled: true }));
    await kit.app.casino.providers.refresh();
    expect((await launch('Casino/LaunchMac', CRASH)).body.success).toBe(true);
  });

  it('launches at the test endpoint on test hosts and at the base URL elsewhere', async () => {
    const mac = must(kit.app.casino.providers.get('mac'));
    await kit.db.transaction((tx) =>
      updateProvider(tx, { ...mac, baseUrl: 'https://games.mac.example/play/' }),
    );
    await kit.app.casino.providers.refresh();
    try {
      const live = await kit.player();
      const res = await live.call('POST', 'Casino/LaunchMac', CRASH);
      expect(res.body.result.url).toMatch(/^https:\/\/games\.mac\.example\/play\/\?token=/);
      expect(kit.app.casino.providers.frameOrigins()).toContain('https://games.mac.example');
      const page = await kit.app.inject({ url: '/casino', headers: { host: '99exch.com' } });
      expect(page.headers['content-security-policy']).toContain('https://games.mac.example');
      for (const host of ['localhost', '99exch.com.localhost']) {
        const demo = await kit.api('GET', 'Account/LoginAsDemoUser', { host });
        const local = await kit.api('POST', 'Casino/LaunchMac', {
          host,
          token: demo.body.result.accessToken as string,
          body: CRASH,
        });
        expect(local.body.result.url, host).toMatch(/^\/games\/test\/mac\/\?token=/);
      }
    } finally {
      const changed = must(kit.app.casino.providers.get('mac'));
      await kit.db.transaction((tx) => updateProvider(tx, { ...changed, baseUrl: null }));
      await kit.app.casino.providers.refresh();
    }
  });

  it('plays a demo player’s games with play money', async () => {
    const demo = await kit.api('GET', 'Account/LoginAsDemoUser', { host: '99exch.com' });
    const token = demo.body.result.accessToken as string;
    const launched = await kit.api('POST', 'Casino/LaunchMac', {
      host: '99exch.com',
      token,
      body: CRASH,
    });
    expect(launched.body.success).toBe(true);
    const mac = kit.provider('mac');
    const gameToken = tokenOf(launched.body.result.url as string);
    const balance = await mac.balance(gameToken);
    expect(balance.answer.status).toBe('OK');
    const playerId = balance.answer.status === 'OK' ? balance.answer.playerId : '';
    const before = await getBalances(kit.db, {
      domain: '99exch.com',
      ownerId: playerId,
      book: 'play',
    });
    expect((await mac.debit(gameToken, 5_000)).answer).toMatchObject({
      status: 'OK',
      balanceMinor: before.availableMinor - 5_000,
    });
    const real = await getBalances(kit.db, {
      domain: '99exch.com',
      ownerId: playerId,
      book: 'real',
    });
    expect(real.balanceMinor).toBe(0);
    const [bet] = await kit.db.query<{ book: string }>(
      `SELECT book FROM ledger_transfers WHERE code = 'casino_bet' AND reference LIKE 'casino:mac:%'
       ORDER BY created_at DESC LIMIT 1`,
    );
    expect(bet?.book).toBe('play');
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('counts launches against the player’s own limit', async () => {
    const player = await kit.player();
    const answers: number[] = [];
    for (let i = 0; i < 14; i++) {
      answers.push((await player.call('POST', 'Casino/LaunchMac', CRASH)).status);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(12);
    expect(answers.slice(12)).toEqual([429, 429]);
  });
});
