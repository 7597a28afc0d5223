/**
 * The studio's table settings on PGlite and PostgreSQL: the file, the environment and the
 * console merged in that order; bad values and stale saves refused with nothing changed; a save
 * audited with its values before and after; and the crash table playing by a save at once (a
 * new max bet at the next bet), by a switch-off (no round, paused for maintenance), by a new
 * house edge (a new hash chain at the next round), and by a save made on another instance; and
 * the card tables listed and changed the same way.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  crashTableValuesSchema,
  studioTablesRoute,
  updateStudioTableRoute,
  type CrashTableValues,
} from '@backlay/contract/admin-studio-tables';
import { CRASH_GAME_CODE } from '@backlay/contract/house-games';
import { TEST_BACKENDS, type Backend } from '../../test-helper';
import { adminKit } from '../admin/admin-test-kit';
import { cardStudioApp, seatedPlayer } from './cards/card-test-kit';
import type { TablePlayer } from './crash-table';
import { studio, studioApp, TEST_CRASH, type StudioKit } from './house-games-test-kit';
import { loadHouseGamesSettings } from './house-games-settings';
import { createTableSettings } from './table-settings';

const quiet = { error: () => undefined };

describe.each(TEST_BACKENDS)('the studio table settings (%s)', (backend: Backend) => {
  let kit: StudioKit;
  let admin: ReturnType<typeof adminKit>;
  let owner: Awaited<ReturnType<typeof admin.owner>>;
  beforeAll(async () => {
    kit = await studioApp(backend);
    admin = adminKit(kit.app, kit.clock);
    owner = await admin.owner('tables.owner');
  });

  const settings = () => studio(kit.app).tableSettings;
  const advanceMs = (ms: number) => kit.clock.advanceSeconds(ms / 1000);

  /** The crash table as the console reads it. */
  async function crashView() {
    const table = (await settings().list()).find((t) => t.gameCode === CRASH_GAME_CODE);
    if (!table) throw new Error('the crash table is not listed');
    return table;
  }

  /** Saves the crash table's values from the console, changed by `change`, as `token`. */
  async function save(
    change: Partial<Record<keyof CrashTableValues, unknown>>,
    token = owner.token,
  ) {
    const table = await crashView();
    return admin.call(updateStudioTableRoute, {
      token,
      input: {
        gameCode: CRASH_GAME_CODE,
        version: table.version,
        values: { ...table.values, ...change },
      },
    });
  }

  async function audits() {
    return kit.db.query<{ target_id: string; before: unknown; after: unknown }>(
      `SELECT target_id, before, after FROM audit_log
       WHERE action = 'casino.studio-table.update' ORDER BY id`,
    );
  }

  async function seated(rupees: number) {
    const player = await kit.player(rupees);
    const token = await player.launch();
    const seat: TablePlayer = { provider: 'mac', playerId: player.id, token, currency: 'INR' };
    return { ...player, seat };
  }

  /** Runs the round in hand to its crash and waits for every callback. */
  async function finishRound() {
    if (kit.table.currentRound()?.phase === 'BETTING') {
      advanceMs(TEST_CRASH.bettingMs);
      await kit.table.start();
    }
    advanceMs((kit.table.currentRound()?.crashMs ?? 0) + 1);
    kit.table.tick();
    await kit.table.settle();
  }

  it('merges the file, the environment and the console, in that order', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-tables-'));
    const file = path.join(dir, 'house-games.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ crash: { ...TEST_CRASH, minBetMinor: 2_000, pauseMs: 4_000 } }),
    );
    const configured = loadHouseGamesSettings({
      HOUSE_GAMES_CONFIG: file,
      CRASH_PAUSE_MS: '1000',
      CRASH_MAX_BET_MINOR: '400000',
    });
    expect(configured.crashFromEnvironment).toEqual(['maxBetMinor', 'pauseMs']);
    // A second instance's service on the same database (its own cache), on a game of its own
    // row: the app's table is left as it is by deleting the row afterwards.
    const other = createTableSettings({ db: kit.db, log: quiet });
    const { salt: _salt, chainLength: _length, ...crash } = configured.crash;
    const handle = other.register({
      gameCode: CRASH_GAME_CODE,
      name: 'Sky Ace',
      schema: crashTableValuesSchema,
      configured: { ...crash, enabled: crash.enabled ?? true },
      fromEnvironment: configured.crashFromEnvironment ?? [],
    });
    await other.refresh();
    const version = (await other.list())[0]?.version ?? 0;
    const saved = await other.update(
      CRASH_GAME_CODE,
      { version, values: { ...handle.current(), maxBetMinor: 300_000 } },
      { userName: 'tables.owner' },
    );
    expect(saved.outcome).toBe('saved');
    expect(handle.current()).toMatchObject({
      minBetMinor: 2_000, // the file
      pauseMs: 1_000, // the environment over the file's 4,000
      maxBetMinor: 300_000, // the console over the environment's 400,000
    });
    if (saved.outcome === 'saved') {
      expect(saved.table.sources).toMatchObject({
        minBetMinor: 'file',
        pauseMs: 'environment',
        maxBetMinor: 'console',
      });
    }
    // The console keeps only what differs from the configuration.
    const [row] = await kit.db.query<{ values: unknown }>(
      'SELECT "values" FROM house_game_table_settings WHERE game_code = $1',
      [CRASH_GAME_CODE],
    );
    expect(row?.values).toEqual({ maxBetMinor: 300_000 });

    // The configuration moved under the console's value (a minimum above its maximum): the
    // table is paused and says why, rather than play by a mix nobody chose.
    const moved = createTableSettings({ db: kit.db, log: quiet });
    const stranded = moved.register({
      gameCode: CRASH_GAME_CODE,
      name: 'Sky Ace',
      schema: crashTableValuesSchema,
      configured: { ...crash, enabled: true, minBetMinor: 350_000 },
      fromEnvironment: [],
    });
    const [view] = await moved.list();
    expect(stranded.current()).toMatchObject({ enabled: false, minBetMinor: 350_000 });
    expect(view?.problem).toMatch(/no longer fit the configuration/);

    await kit.db.query('DELETE FROM house_game_table_settings');
    await settings().refresh();
    expect(settings().current(CRASH_GAME_CODE)).toMatchObject({
      maxBetMinor: TEST_CRASH.maxBetMinor,
    });
  });

  it('refuses bad values, a stale version and a role that may not change providers, changing nothing', async () => {
    const before = await crashView();
    const refusals: [Partial<Record<keyof CrashTableValues, unknown>>, string][] = [
      [{ minBetMinor: 2_000_000 }, 'values.minBetMinor'], // above the maximum bet
      [{ houseEdgeBp: 1_001 }, 'values.houseEdgeBp'], // above MAX_HOUSE_EDGE_BP
      [{ maxBetMinor: -5 }, 'values.maxBetMinor'],
      [{ maxWinMinor: 500 }, 'values.maxWinMinor'], // below the maximum bet
      [{ tickMs: 1.5 }, 'values.tickMs'],
      [{ maxAutoCashOutCenti: 100 }, 'values.maxAutoCashOutCenti'],
      [{ enabled: 'yes' }, 'values.enabled'],
    ];
    for (const [change, field] of refusals) {
      const res = await save(change);
      expect(res.status, field).toBe(400);
      expect(res.error?.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.error), field).toContain(field);
    }
    const unknownKey = await admin.call(updateStudioTableRoute, {
      token: owner.token,
      input: {
        gameCode: CRASH_GAME_CODE,
        version: before.version,
        values: { ...before.values, salt: 'mine' },
      },
    });
    expect(unknownKey.error?.code).toBe('VALIDATION_FAILED');
    const unknownGame = await admin.call(updateStudioTableRoute, {
      token: owner.token,
      input: { gameCode: 'no_such_table', version: 0, values: before.values },
    });
    expect(unknownGame.error?.code).toBe('VALIDATION_FAILED');
    const stale = await admin.call(updateStudioTableRoute, {
      token: owner.token,
      input: {
        gameCode: CRASH_GAME_CODE,
        version: before.version + 7,
        values: { ...before.values, maxBetMinor: 700_000 },
      },
    });
    expect(stale.error?.code).toBe('CONFLICT');
    const brandAdmin = await admin.operator(owner.token, 'tables.brand', 'brand_admin', 'all');
    const forbidden = await save({ maxBetMinor: 700_000 }, brandAdmin.token);
    expect(forbidden.status).toBe(403);
    // The brand admin reads the tables all the same.
    const read = await admin.call(studioTablesRoute, { token: brandAdmin.token });
    expect(read.result?.items.map((t) => t.gameCode)).toContain(CRASH_GAME_CODE);

    expect(await crashView()).toEqual(before);
    expect(settings().current(CRASH_GAME_CODE)).toEqual(before.values);
    expect(await audits()).toEqual([]);
  });

  it('audits a save with before and after, and the table refuses a bet over the new max bet at once', async () => {
    const player = await seated(20_000);
    await kit.table.openBetting();
    const bet = (amountMinor: number, slot: 1 | 2) =>
      kit.table.placeBet(player.seat, { slot, amountMinor, autoCashOutCenti: null });

    const res = await save({ maxBetMinor: 500_000 });
    expect(res.result).toMatchObject({ values: { maxBetMinor: 500_000 }, version: 1 });
    expect(res.result?.sources.maxBetMinor).toBe('console');
    expect(res.result?.updatedBy).toBe('tables.owner');
    // The betting window that was open when the save came takes the new limit at the next bet.
    expect(await bet(600_000, 1)).toMatchObject({ ok: false, code: 'ABOVE_MAX_BET' });
    expect(await bet(500_000, 1)).toMatchObject({ ok: true });
    expect(kit.table.table('INR').maxBetMinor).toBe(500_000);
    await finishRound();

    const entries = await audits();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      target_id: CRASH_GAME_CODE,
      before: { maxBetMinor: TEST_CRASH.maxBetMinor },
      after: { maxBetMinor: 500_000 },
    });
    // Saving what is in force changes nothing but the version, and is audited too.
    expect((await save({})).result?.version).toBe(2);
    expect(await audits()).toHaveLength(2);
  });

  it('plays no round while switched off (paused for maintenance), and plays again when on', async () => {
    const player = await seated(100);
    expect((await save({ enabled: false })).success).toBe(true);
    expect(await kit.table.openBetting()).toBe(false);
    expect(kit.table.roundView()).toMatchObject({ phase: 'PAUSED', reason: 'MAINTENANCE' });
    expect(
      await kit.table.placeBet(player.seat, {
        slot: 1,
        amountMinor: 1_000,
        autoCashOutCenti: null,
      }),
    ).toMatchObject({ ok: false, code: 'TABLE_PAUSED' });
    expect(await kit.cash(player.id)).toBe(10_000);

    expect((await save({ enabled: true })).success).toBe(true);
    expect(await kit.table.openBetting()).toBe(true);
    expect(kit.table.roundView()).toMatchObject({ phase: 'BETTING' });
    await finishRound();
  });

  it('starts a new hash chain at the next round when the house edge changes', async () => {
    await kit.table.openBetting();
    const chainBefore = kit.table.fairness()?.chainId;
    await finishRound();
    expect((await save({ houseEdgeBp: 250 })).success).toBe(true);
    // The round in hand keeps its chain; the next one opens a new chain with the new edge.
    expect(kit.table.fairness()?.chainId).toBe(chainBefore);
    await kit.table.openBetting();
    expect(kit.table.fairness()).toMatchObject({ houseEdgeBp: 250 });
    expect(kit.table.fairness()?.chainId).not.toBe(chainBefore);
    expect(kit.table.table('INR').houseEdgeBp).toBe(250);
    const [old] = await kit.db.query<{ retired: boolean }>(
      'SELECT retired_at IS NOT NULL AS retired FROM house_game_chains WHERE id = $1',
      [chainBefore],
    );
    expect(old?.retired).toBe(true);
    await finishRound();
  });

  it('takes a save made on another instance by the next round', async () => {
    const elsewhere = createTableSettings({ db: kit.db, log: quiet });
    const { salt: _salt, chainLength: _length, ...crash } = TEST_CRASH;
    const handle = elsewhere.register({
      gameCode: CRASH_GAME_CODE,
      name: 'Sky Ace',
      schema: crashTableValuesSchema,
      configured: { ...crash, enabled: true },
      fromEnvironment: [],
    });
    const [there] = await elsewhere.list();
    const saved = await elsewhere.update(
      CRASH_GAME_CODE,
      { version: there?.version ?? 0, values: { ...handle.current(), minBetMinor: 5_000 } },
      { userName: 'elsewhere' },
    );
    expect(saved.outcome).toBe('saved');
    // This instance still plays by what it read, until its next round reads the database.
    expect(kit.table.table('INR').minBetMinor).toBe(TEST_CRASH.minBetMinor);
    advanceMs(2_000);
    await kit.table.openBetting();
    expect(kit.table.table('INR').minBetMinor).toBe(5_000);
    await finishRound();
  });
});

describe.each(TEST_BACKENDS)('the card tables’ settings (%s)', (backend: Backend) => {
  it('lists every card table, refuses a minimum above its maximum, and takes a save at the next bet', async () => {
    const kit = await cardStudioApp(backend);
    const admin = adminKit(kit.app, kit.clock);
    const owner = await admin.owner('cards.owner');
    const list = await admin.call(studioTablesRoute, { token: owner.token });
    expect(list.result?.items.map((t) => t.gameCode)).toEqual([
      CRASH_GAME_CODE,
      'mac_teen_patti',
      'dream_andar_bahar',
      'mac_dragon_tiger',
      'king_lucky_seven',
    ]);
    const luckySeven = list.result?.items.find((t) => t.gameCode === 'king_lucky_seven');
    expect(luckySeven?.name).toBe('Lucky Seven');
    expect(Object.keys(luckySeven?.values ?? {}).filter((key) => key.includes('.'))).toEqual([
      'minBetMinor.LOW',
      'maxBetMinor.LOW',
      'minBetMinor.HIGH',
      'maxBetMinor.HIGH',
      'minBetMinor.SEVEN',
      'maxBetMinor.SEVEN',
    ]);
    const dragonTiger = list.result?.items.find((t) => t.gameCode === 'mac_dragon_tiger');
    if (!dragonTiger) throw new Error('Dragon Tiger is not listed');
    expect(dragonTiger.values).toMatchObject({ 'minBetMinor.TIE': 1_000, cardMs: 100 });

    const table = kit.cards.tables.mac_dragon_tiger;
    expect(await table.openBetting()).toBe(true);
    const { seat } = await seatedPlayer(kit, 'mac_dragon_tiger', 1_000);
    const tie = (amountMinor: number) => table.placeBet(seat, { betKind: 'TIE', amountMinor });
    expect(await tie(2_000)).toMatchObject({ ok: true });

    const save = (values: Record<string, unknown>) =>
      admin.call(updateStudioTableRoute, {
        token: owner.token,
        input: { gameCode: 'mac_dragon_tiger', version: dragonTiger.version, values },
      });
    const refused = await save({ ...dragonTiger.values, 'minBetMinor.TIE': 200_000 });
    expect(refused.error?.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(refused.error)).toContain('values.minBetMinor.TIE');
    expect(await tie(2_000)).toMatchObject({ ok: true });

    const saved = await save({ ...dragonTiger.values, 'minBetMinor.TIE': 5_000 });
    expect(saved.result?.values['minBetMinor.TIE']).toBe(5_000);
    expect(await tie(4_000)).toMatchObject({ ok: false, code: 'BELOW_MIN_BET' });
    expect(await tie(5_000)).toMatchObject({ ok: true });
  });
});
