/**
 * A bet answered as placed is committed: the real server process is killed dead (SIGKILL) by
 * its bet-group failpoint (modules/exchange/failpoint.ts), once after a group's statements ran
 * and before its COMMIT, once after the COMMIT and before its players' answers, on PGlite in a
 * data folder and, when DATABASE_URL is set, on PostgreSQL.
 *
 * Demo players each send one bet over HTTP in waves of concurrent requests, spread over three
 * markets so that a group spans several of them: the first waves' groups are answered, and the failpoint kills the server at a later group. After a restart,
 * straight from the database: every answered bet exists once under the id it was answered with;
 * before COMMIT, none of the unanswered bets exists and their players hold what they held
 * before; after COMMIT, the killed group's bets all exist although none was answered, and
 * sending the unanswered requests again under their keys answers each with the very bet written.
 * The ledger is sound and every player's hold is the exposure its bets imply.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { DEMO_FUNDS_MINOR } from '../modules/account';
import { failpointNotice } from '../modules/exchange';
import {
  matchOddsMarkets,
  seedEvent,
  silentFeedRunner,
} from '../modules/exchange/exchange-test-kit';
import { auditLedger, SOUND_LEDGER } from '../modules/wallet/ledger-audit';
import { fakeWebDist, startServerProcess } from '../test-helper';
import { chaosDatabase, waitUntil, type ChaosDatabase } from './chaos-cluster';
import { holdMismatches } from './chaos-checks';
import { request, type Answer, type PlaceBody } from './chaos-load';

type Moment = 'before-commit' | 'after-commit';
type ServerProcess = ReturnType<typeof startServerProcess>;

/** Players betting in each wave. */
const WAVE = 6;
/**
 * A wave's first bet goes this long before the rest, so that it usually makes a group alone and
 * the rest, queued behind it, make the next.
 */
const LEAD_MS = 3;
/**
 * The group the failpoint kills at: usually the second wave's group of five (on PostgreSQL a
 * wave splits more often); the checks hold whichever group it is.
 */
const KILL_AT = 4;
/** Each wave makes at least one group, so the kill comes by the last wave at the latest. */
const WAVES = KILL_AT;

const webDist = fakeWebDist();

/** A market the players bet on: a match-odds market the feed wrote, and its first runner. */
interface Market {
  id: string;
  runnerId: number;
}

/** Where one server keeps its data: its own PostgreSQL database, or a PGlite data folder. */
interface Store {
  env: Record<string, string>;
  markets: Market[];
  /** Runs `work` on the database; on PGlite only while no server has the folder open. */
  use<T>(work: (db: Database) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

/** Markets the players bet on, each in a group with the others when their bets queue together. */
const MARKETS = 3;

/** Migrates the database and writes an event with MARKETS match-odds markets through the feed. */
async function prepare(db: Database): Promise<Market[]> {
  await migrate(db);
  const seeded = await seedEvent(db, silentFeedRunner(db), { markets: matchOddsMarkets(MARKETS) });
  const markets: Market[] = [];
  for (let m = 0; m < MARKETS; m++) {
    const id = seeded.markets[`m${m}`];
    if (!id) throw new Error(`no market m${m}`);
    const [runner] = await db.query<{ runner_id: number }>(
      'SELECT runner_id FROM market_runners WHERE market_id = $1 ORDER BY sort_order LIMIT 1',
      [id],
    );
    if (!runner) throw new Error('no runner');
    markets.push({ id, runnerId: runner.runner_id });
  }
  return markets;
}

const dataDirs: string[] = [];

function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-crash-'));
  dataDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function usePglite<T>(dataDir: string, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** One PGlite data folder prepared per run and copied for each test: preparing takes seconds. */
let pgliteTemplate: Promise<{ dataDir: string; markets: Market[] }> | undefined;

async function pgliteStore(): Promise<Store> {
  pgliteTemplate ??= (async () => {
    const dataDir = newDataDir();
    return { dataDir, markets: await usePglite(dataDir, prepare) };
  })();
  const template = await pgliteTemplate;
  const dataDir = newDataDir();
  fs.cpSync(template.dataDir, dataDir, { recursive: true });
  return {
    // An empty DATABASE_URL: the embedded database in DATA_DIR, whatever the test run has set.
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    markets: template.markets,
    use: (work) => usePglite(dataDir, work),
    drop: async () => undefined,
  };
}

async function postgresStore(serverUrl: string): Promise<Store> {
  const database: ChaosDatabase = await chaosDatabase(serverUrl);
  return {
    // The server keeps its files (the admin command key) in DATA_DIR, not its data.
    env: { DATABASE_URL: database.url, DATA_DIR: newDataDir() },
    markets: await prepare(database.db),
    use: (work) => work(database.db),
    drop: () => database.drop(),
  };
}

interface BetSent {
  playerId: string;
  token: string;
  body: PlaceBody;
  wave: number;
  /** Requests sent under its key. */
  attempts: number;
  /** The bet id of the first answer, or null while none came. */
  answeredId: number | null;
  /** Why the last attempt got no bet: the connection's error, or the refusal. */
  lost: string | null;
}

interface DemoPlayer {
  id: string;
  token: string;
}

async function demoPlayer(origin: string): Promise<DemoPlayer> {
  const login = await request(origin, 'GET', 'Account/LoginAsDemoUser', null);
  if ('error' in login || !login.body?.success) throw new Error(JSON.stringify(login));
  const token = (login.body.result as { accessToken: string }).accessToken;
  const setting = await request(origin, 'GET', 'Setting/GetSetting', token);
  if ('error' in setting || !setting.body?.success) throw new Error(JSON.stringify(setting));
  return { id: (setting.body.result as { userId: string }).userId, token };
}

function betIdOf(answer: Answer): number | null {
  if ('error' in answer || answer.status !== 200 || !answer.body?.success) return null;
  const bet = (answer.body.result as { bet?: { id?: unknown } } | undefined)?.bet;
  return bet?.id === undefined ? null : Number(bet.id);
}

function lostOf(answer: Answer): string {
  return 'error' in answer ? answer.error : `HTTP ${answer.status} ${JSON.stringify(answer.body)}`;
}

/** Sends the bet (again, under its key) and records what came back. */
async function send(origin: string, bet: BetSent): Promise<number | null> {
  bet.attempts++;
  const answer = await request(origin, 'POST', 'Bet/PlaceBetV2', bet.token, bet.body);
  const id = betIdOf(answer);
  if (id !== null) bet.answeredId ??= id;
  bet.lost = id === null ? lostOf(answer) : null;
  return id;
}

interface BetRow {
  id: string;
  owner_id: string;
  idempotency_key: string;
}

async function betsOf(db: Database, playerIds: readonly string[]): Promise<BetRow[]> {
  return db.query<BetRow>(
    `SELECT id, owner_id, idempotency_key FROM bets WHERE owner_id = ANY($1::uuid[]) ORDER BY id`,
    [playerIds],
  );
}

/** The rows under each bet's key: every bet sent, with what the database holds for it. */
function rowsByBet(bets: readonly BetSent[], rows: readonly BetRow[]): Map<BetSent, number[]> {
  return new Map(
    bets.map((bet) => [
      bet,
      rows
        .filter(
          (row) => row.owner_id === bet.playerId && row.idempotency_key === bet.body.idempotencyKey,
        )
        .map((row) => Number(row.id)),
    ]),
  );
}

/** Each player's cash and exposure balances, in minor units. */
async function balancesOf(db: Database, playerIds: readonly string[]) {
  const rows = await db.query<{ owner_id: string; kind: string; balance_minor: string }>(
    `SELECT owner_id, kind, balance_minor FROM ledger_accounts
     WHERE owner_id = ANY($1::uuid[]) AND kind IN ('player_cash', 'player_exposure')`,
    [playerIds],
  );
  return new Map(
    playerIds.map((id) => {
      const of = (kind: string) =>
        Number(rows.find((row) => row.owner_id === id && row.kind === kind)?.balance_minor ?? NaN);
      return [id, { cash: of('player_cash'), exposure: of('player_exposure') }];
    }),
  );
}

/** The checks every restart must pass: the ledger is sound and holds follow the bets. */
async function soundAfterRestart(db: Database) {
  expect(await auditLedger(db)).toEqual(SOUND_LEDGER);
  expect(await holdMismatches(db)).toEqual([]);
}

const backends: { name: string; store: () => Promise<Store> }[] = [
  { name: 'PGlite in a data folder', store: pgliteStore },
];
const { DATABASE_URL } = process.env;
if (DATABASE_URL) backends.push({ name: 'PostgreSQL', store: () => postgresStore(DATABASE_URL) });

describe.each(backends)('$name: the server killed during a bet group', ({ store: open }) => {
  const servers: ServerProcess[] = [];
  const stores: Store[] = [];

  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    for (const store of stores) await store.drop();
  });

  /** Starts a server on the store, with the failpoint set or not. */
  async function start(store: Store, failpoint?: string): Promise<ServerProcess> {
    const server = startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: webDist,
      // The server says it listens at info level.
      LOG_LEVEL: 'info',
      REDIS_URL: '',
      // Every player logs in from 127.0.0.1.
      LIMIT_DEMO_ADDRESS: 'off',
      ...store.env,
      BACKLAY_FAILPOINT: failpoint ?? '',
    });
    servers.push(server);
    await server.listening;
    return server;
  }

  const alive = (server: ServerProcess) =>
    server.child.exitCode === null && server.child.signalCode === null;

  /** Stops a server that was not killed, as an operator would. */
  async function stop(server: ServerProcess): Promise<void> {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }

  it.each<Moment>(['before-commit', 'after-commit'])(
    'killed %s: answered bets exist once, the rest as the moment says, the ledger sound',
    async (moment) => {
      const store = await open();
      stores.push(store);
      const { markets } = store;

      const server = await start(store, `bet-group-${moment}:${KILL_AT}`);
      const origin = await server.listening;
      const players = await Promise.all(
        Array.from({ length: WAVE * WAVES }, () => demoPlayer(origin)),
      );
      const marketOf = (i: number): Market => {
        const market = markets[i % markets.length];
        if (!market) throw new Error('no market');
        return market;
      };
      const bets: BetSent[] = players.map((player, i) => ({
        playerId: player.id,
        token: player.token,
        wave: Math.floor(i / WAVE),
        // Backs only, so the players never match each other: some at a price the market maker
        // lays (matched at once), some above it (resting).
        body: {
          marketId: marketOf(i).id,
          runnerId: marketOf(i).runnerId,
          side: 'BACK',
          price: i % 2 === 0 ? 1.5 : 5,
          stake: 100 + 10 * i,
          idempotencyKey: randomUUID().replace(/-/g, ''),
        },
        attempts: 0,
        answeredId: null,
        lost: null,
      }));

      // Wave after wave until the failpoint kills the server.
      for (let wave = 0; wave < WAVES && alive(server); wave++) {
        const [lead, ...rest] = bets.filter((bet) => bet.wave === wave);
        if (!lead) continue;
        const leading = send(origin, lead);
        await new Promise((resolve) => setTimeout(resolve, LEAD_MS));
        await Promise.all([leading, ...rest.map((bet) => send(origin, bet))]);
      }
      await waitUntil('the failpoint to kill the server', () => !alive(server), 10_000);
      await server.exited;
      expect(server.child.signalCode).toBe('SIGKILL');
      await waitUntil(
        'the failpoint notice',
        () => /failpoint .* reached/.test(server.output()),
        5_000,
      );
      const notice = /failpoint (\S+) reached: group (\d+) placed (\d+) bets/.exec(server.output());
      expect(notice?.[1]).toBe(`bet-group-${moment}`);
      expect(Number(notice?.[2])).toBe(KILL_AT);
      const groupSize = Number(notice?.[3]);
      expect(groupSize).toBeGreaterThan(0);
      expect(server.output()).toContain(failpointNotice(moment, KILL_AT, groupSize));

      // The waves after the kill were never sent.
      const sent = bets.filter((bet) => bet.attempts > 0);
      const answered = sent.filter((bet) => bet.answeredId !== null);
      const unanswered = sent.filter((bet) => bet.answeredId === null);
      // Bets before the kill were answered; the killed group's were not.
      expect(answered.length).toBeGreaterThan(0);
      expect(unanswered.length).toBeGreaterThanOrEqual(groupSize);
      // None was refused: each lost its connection.
      expect(unanswered.filter((bet) => bet.lost?.startsWith('HTTP'))).toEqual([]);

      const playerIds = bets.map((bet) => bet.playerId);
      const afterKill = await store.use(async (db) => {
        const rows = rowsByBet(bets, await betsOf(db, playerIds));
        const balances = await balancesOf(db, playerIds);
        await soundAfterRestart(db);
        return { rows, balances };
      });
      // Every answered bet exists once, under the id it was answered with.
      for (const bet of answered) expect(afterKill.rows.get(bet)).toEqual([bet.answeredId]);
      const written = unanswered.filter((bet) => (afterKill.rows.get(bet) ?? []).length > 0);
      console.log(
        `killed ${moment} at group ${KILL_AT} of ${groupSize} bets: ${answered.length} answered before, ${unanswered.length} unanswered, ${written.length} of those written`,
      );
      if (moment === 'before-commit') {
        // The group rolled back: none of its bets exists, and its players hold what they held
        // before it, as every new demo player does: the play money, nothing held for bets.
        expect(written).toEqual([]);
        for (const bet of unanswered) {
          expect(afterKill.balances.get(bet.playerId)).toEqual({
            cash: DEMO_FUNDS_MINOR,
            exposure: 0,
          });
        }
      } else {
        // The group committed: each of its bets exists once, though none was answered.
        expect(written).toHaveLength(groupSize);
        for (const bet of written) expect(afterKill.rows.get(bet)).toHaveLength(1);
        // A wave puts at most two bets on one market: a group of three or more spanned several.
        const spanned = new Set(written.map((bet) => bet.body.marketId)).size;
        expect(spanned).toBeGreaterThanOrEqual(groupSize >= 3 ? 2 : 1);
      }

      // Restarted without the failpoint: the unanswered requests sent again under their keys.
      const restarted = await start(store);
      const again = await restarted.listening;
      await Promise.all(unanswered.map((bet) => send(again, bet)));
      for (const bet of unanswered) expect(bet.lost).toBeNull();
      // A bet written before the kill is answered as itself: a replay, not a second bet.
      for (const bet of written) expect([bet.answeredId]).toEqual(afterKill.rows.get(bet));
      // An answered bet sent again is answered as itself too.
      const [first] = answered;
      if (first) expect(await send(again, first)).toBe(first.answeredId);
      await stop(restarted);

      await store.use(async (db) => {
        const rows = rowsByBet(sent, await betsOf(db, playerIds));
        for (const bet of sent) expect(rows.get(bet)).toEqual([bet.answeredId]);
        await soundAfterRestart(db);
      });
    },
    120_000,
  );
});
