/**
 * The casino in the back office on PGlite and PostgreSQL: the figures (gross gaming revenue is
 * the rounds' stakes less their wins), the round lookup with every callback, providers changed
 * by owners only and audited, each brand's catalogue, and a player's casino switch.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import type { CasinoGame } from '@backlay/contract/casino';
import { TEST_BACKENDS, type Backend } from '../../test-helper';
import { casinoKit, must, newId } from '../casino/casino-test-kit';
import { toMinor } from '../wallet';
import { adminApp } from './admin-test-kit';

describe.each(TEST_BACKENDS)('the casino in the back office (%s)', (backend: Backend) => {
  let kit: Awaited<ReturnType<typeof adminApp>>;
  let casino: ReturnType<typeof casinoKit>;
  let owner: Awaited<ReturnType<typeof kit.owner>>;
  beforeAll(async () => {
    // Figures are dated by the database's clock: the app runs on real time.
    kit = await adminApp(backend, Date.now());
    casino = casinoKit(kit.app, kit.db);
    owner = await kit.owner();
  });

  async function audit(action: string) {
    return kit.db.query<{ target_id: string; before: unknown; after: unknown }>(
      'SELECT target_id, before, after FROM audit_log WHERE action = $1 ORDER BY id',
      [action],
    );
  }

  it('reports gross gaming revenue as the rounds’ stakes less their wins', async () => {
    const mac = casino.provider('mac');
    const king = casino.provider('king');
    const one = await casino.player(500);
    const two = await casino.player(500);
    const oneMac = await one.launch();
    const twoKing = await two.launch('Casino/LaunchKing', 'king_hot_air', 301001);
    const rounds: [typeof mac, string, number, number][] = [
      [mac, oneMac, 10_000, 25_000],
      [mac, oneMac, 5_000, 0],
      [king, twoKing, 20_000, 6_000],
      [king, twoKing, 1_000, 0],
    ];
    for (const [provider, token, stake, win] of rounds) {
      const round = newId('round');
      await provider.debit(token, stake, { round });
      await provider.credit(token, win, round);
    }
    // A round still open counts its stake; a rolled-back one nothing; a demo's is play money.
    await mac.debit(oneMac, 3_000);
    const voided = newId('round');
    const voidedBet = newId('bet');
    await mac.debit(oneMac, 4_000, { round: voided, tx: voidedBet });
    await mac.rollback(oneMac, voided, voidedBet);
    const demo = await casino.api('GET', 'Account/LoginAsDemoUser', { host: '99exch.com' });
    const demoLaunch = await casino.api('POST', 'Casino/LaunchMac', {
      host: '99exch.com',
      token: demo.body.result.accessToken as string,
      body: { gameCode: 'sbe_aviator', gameId: 201206, country: 'IN' },
    });
    await mac.debit(
      new URL(demoLaunch.body.result.url as string, 'http://x').searchParams.get('token') ?? '',
      50_000,
    );

    const figures = must(
      (
        await kit.call(calls.casinoFiguresRoute, {
          token: owner.token,
          input: { brand: '99exch.com' },
        })
      ).result,
    );
    const [sums] = await kit.db.query<{ stakes: string; wins: string }>(
      `SELECT sum(stake_minor - refund_minor)::text AS stakes, sum(win_minor)::text AS wins
       FROM casino_rounds WHERE book = 'real' AND domain = '99exch.com'`,
    );
    const stakes = toMinor(sums?.stakes);
    const wins = toMinor(sums?.wins);
    expect(stakes).toBe(39_000);
    expect(wins).toBe(31_000);
    expect(figures.totals).toEqual({
      rounds: 6,
      players: 2,
      turnover: stakes / 100,
      wins: wins / 100,
      ggr: (stakes - wins) / 100,
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(figures.days.at(-1)).toEqual({ day: today, ...figures.totals });
    expect(figures.days).toHaveLength(14);
    const ggrOf = (rows: { ggr: number }[]) => rows.reduce((sum, row) => sum + row.ggr, 0);
    for (const rows of [figures.games, figures.providers, figures.byBrand]) {
      expect(ggrOf(rows)).toBeCloseTo(figures.totals.ggr, 2);
    }
    expect(figures.providers.map((p) => [p.name, p.turnover, p.wins])).toEqual([
      ['King', 210, 60],
      ['Mac', 180, 250],
    ]);
    expect(figures.games.find((g) => g.gameCode === 'sbe_aviator')).toMatchObject({
      name: 'Sky Ace',
      provider: 'mac',
      rounds: 4,
    });

    // Finance reads the figures; a brand admin of another brand may not read this one's.
    const finance = await kit.operator(owner.token, 'casino.finance', 'finance', 'all');
    const read = await kit.call(calls.casinoFiguresRoute, { token: finance.token, input: {} });
    expect(read.result?.totals.ggr).toBe(figures.totals.ggr);
    const other = await kit.operator(owner.token, 'casino.other', 'brand_admin', ['gold365.bet']);
    const refused = await kit.call(calls.casinoFiguresRoute, {
      token: other.token,
      input: { brand: '99exch.com' },
    });
    expect(refused.status).toBe(403);
  });

  it('finds a round and every callback of it', async () => {
    const mac = casino.provider('mac');
    const player = await casino.player(20);
    const token = await player.launch();
    const round = newId('round');
    const bet = newId('bet');
    await mac.debit(token, 1_500, { round, tx: bet });
    await mac.debit(token, 1_500, { round, tx: newId('short') });
    const win = newId('win');
    await mac.credit(token, 4_000, round, { tx: win });

    const found = must(
      (
        await kit.call(calls.casinoRoundsRoute, {
          token: owner.token,
          input: { playerId: player.id },
        })
      ).result,
    );
    expect(found.items).toHaveLength(1);
    const summary = must(found.items[0]);
    expect(summary).toMatchObject({
      roundId: round,
      provider: 'mac',
      brand: '99exch.com',
      userName: player.userName,
      demo: false,
      gameName: 'Sky Ace',
      status: 'SETTLED',
      stake: 15,
      win: 40,
    });
    const byRoundId = await kit.call(calls.casinoRoundsRoute, {
      token: owner.token,
      input: { roundId: round },
    });
    expect(byRoundId.result?.items.map((r) => r.id)).toEqual([summary.id]);

    const detail = must(
      (await kit.call(calls.casinoRoundRoute, { token: owner.token, input: { id: summary.id } }))
        .result,
    );
    expect(detail.callbacks.map((c) => [c.kind, c.amount, c.outcome])).toEqual([
      ['debit', 15, 'OK'],
      ['debit', 15, 'INSUFFICIENT_FUNDS'],
      ['credit', 40, 'OK'],
    ]);
    expect(detail.callbacks.map((c) => c.transactionId)).toContain(bet);
    expect(detail.callbacks.map((c) => c.transactionId)).toContain(win);
    expect(detail.launch.currency).toBe('INR');
  });

  it('lets owners change providers and read their secrets, audited', async () => {
    const listed = must(
      (await kit.call(calls.casinoProvidersRoute, { token: owner.token })).result,
    ).items;
    expect(listed.map((p) => p.code)).toEqual(['dream', 'king', 'mac']);
    const dream = must(listed.find((p) => p.code === 'dream'));
    expect(dream).toMatchObject({
      baseUrl: null,
      currency: 'INR',
      enabled: true,
      frameOrigins: [],
    });

    const change = {
      code: 'dream',
      version: dream.version,
      name: 'Dream Studio',
      baseUrl: 'https://play.dream.example/games/',
      testBaseUrl: null,
      operatorId: 'backlay-in',
      enabled: true,
    };
    const changed = await kit.call(calls.updateCasinoProviderRoute, {
      token: owner.token,
      input: change,
    });
    expect(changed.result).toMatchObject({
      name: 'Dream Studio',
      gameUrl: 'https://play.dream.example/games/',
      frameOrigins: ['https://play.dream.example'],
      version: dream.version + 1,
    });
    const stale = await kit.call(calls.updateCasinoProviderRoute, {
      token: owner.token,
      input: change,
    });
    expect(stale.status).toBe(409);
    const [entry] = await audit('casino.provider.update');
    expect(entry?.target_id).toBe('dream');
    expect(entry?.after).toMatchObject({ baseUrl: 'https://play.dream.example/games/' });
    const page = await kit.app.inject({ url: '/lobby', headers: { host: '99exch.com' } });
    expect(page.headers['content-security-policy']).toContain('https://play.dream.example');

    const secret = must(
      (
        await kit.call(calls.casinoProviderSecretRoute, {
          token: owner.token,
          input: { code: 'mac' },
        })
      ).result,
    );
    expect(secret.secret).toBe(kit.app.casino.providers.secretOf('mac')?.secret);
    expect(await audit('casino.provider.secret-read')).toHaveLength(1);

    await kit.call(calls.updateCasinoProviderRoute, {
      token: owner.token,
      input: { ...change, version: dream.version + 1, baseUrl: null, name: 'Dream' },
    });
    expect(kit.app.casino.providers.frameOrigins()).toEqual([]);
  });

  it('lets a brand admin order and switch off the brand’s games, audited', async () => {
    const admin = await kit.operator(owner.token, 'casino.brand', 'brand_admin', ['gold365.bet']);
    const read = await kit.call(calls.casinoCatalogueRoute, {
      token: admin.token,
      input: { brand: 'gold365.bet' },
    });
    const catalogue = must(read.result);
    expect(catalogue).toMatchObject({ brand: 'gold365.bet', casinoEnabled: true, version: 0 });
    const games = catalogue.games.map((g) => g.gameCode);
    const reordered = [...games].reverse();
    const saved = await kit.call(calls.updateCasinoCatalogueRoute, {
      token: admin.token,
      input: {
        brand: 'gold365.bet',
        version: 0,
        casinoEnabled: true,
        games: reordered.map((gameCode) => ({ gameCode, enabled: gameCode !== 'king_hot_air' })),
      },
    });
    expect(saved.result?.version).toBe(1);
    const offered = (
      await casino.api('GET', 'InternationalCasino/GetGames', { host: 'gold365.bet' })
    ).body.result as CasinoGame[];
    expect(offered.map((g) => g.gameCode)).toEqual(reordered.filter((c) => c !== 'king_hot_air'));
    // Another brand keeps the catalogue's order.
    const other = (await casino.api('GET', 'InternationalCasino/GetGames', { host: '99exch.com' }))
      .body.result as CasinoGame[];
    expect(other.map((g) => g.gameCode)).toEqual(games);

    const stale = await kit.call(calls.updateCasinoCatalogueRoute, {
      token: admin.token,
      input: { brand: 'gold365.bet', version: 0, casinoEnabled: false, games: [] },
    });
    expect(stale.status).toBe(409);
    const partial = await kit.call(calls.updateCasinoCatalogueRoute, {
      token: admin.token,
      input: { brand: 'gold365.bet', version: 1, casinoEnabled: true, games: [] },
    });
    expect(partial.status).toBe(400);
    const foreign = await kit.call(calls.casinoCatalogueRoute, {
      token: admin.token,
      input: { brand: '99exch.com' },
    });
    expect(foreign.status).toBe(403);
    const [entry] = await audit('casino.catalogue.update');
    expect(entry?.target_id).toBe('gold365.bet');
    expect(entry?.after).toMatchObject({ casinoEnabled: true });
  });

  it('switches a player’s casino off and on, audited', async () => {
    const support = await kit.operator(owner.token, 'casino.support', 'support', 'all');
    const player = await casino.player(10);
    const off = await kit.call(calls.setCasinoPlayerSwitchRoute, {
      token: support.token,
      input: { playerId: player.id, enabled: false },
    });
    expect(off.result).toMatchObject({
      playerId: player.id,
      brand: '99exch.com',
      casinoEnabled: false,
    });
    const refused = await player.call('POST', 'Casino/LaunchMac', {
      gameCode: 'sbe_aviator',
      gameId: 201206,
      country: 'IN',
    });
    expect(refused.body.error?.details).toBe('CASINO_OFF_FOR_PLAYER');
    await kit.call(calls.setCasinoPlayerSwitchRoute, {
      token: support.token,
      input: { playerId: player.id, enabled: true },
    });
    const view = await kit.call(calls.casinoPlayerRoute, {
      token: support.token,
      input: { playerId: player.id },
    });
    expect(view.result).toMatchObject({ casinoEnabled: true, last30Days: { rounds: 0 } });
    expect((await audit('player.casino-off')).map((e) => e.target_id)).toContain(player.id);
  });
});
