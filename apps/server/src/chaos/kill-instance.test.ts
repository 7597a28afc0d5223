/**
 * Chaos: two instances on one PostgreSQL with Redis, demo players betting, matching, cancelling
 * and replaying keys against both, and the instance running the feed killed dead (SIGKILL)
 * mid-load and started again. Afterwards, straight from the database: the ledger is sound,
 * every player's holds equal the exposure its bets imply, every acknowledged bet exists under
 * the id it was acknowledged with, no key made two bets, and the markets open at the kill were
 * not voided by it (the feed resumed; whatever settled, settled as the feed itself decided).
 *
 * Needs both DATABASE_URL and REDIS_URL (skipped otherwise). Sized by CHAOS_PLAYERS (default
 * 40) and CHAOS_SECONDS of load (default 20: from 30 to 90% of it before the kill, the rest once
 * A is back and the feed runs again); CHAOS_SEED repeats a run's choices.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from '../test-helper';
import { auditLedger, SOUND_LEDGER } from '../modules/wallet/ledger-audit';
import { chaosDatabase, ServerSlot, waitUntil, type ChaosDatabase } from './chaos-cluster';
import {
  betFindings,
  feedResults,
  feedRuns,
  holdMismatches,
  marketVerdict,
  openMarkets,
} from './chaos-checks';
import { ChaosLoad, MarketBoard, seededRandom } from './chaos-load';
import { moneyFindings, MoneyLoad } from './chaos-money';

const { DATABASE_URL, REDIS_URL } = process.env;
const PLAYERS = Number(process.env.CHAOS_PLAYERS ?? 40);
/** Registered players depositing and withdrawing meanwhile (CHAOS_MONEY_PLAYERS, default 10). */
const MONEY_PLAYERS = Number(process.env.CHAOS_MONEY_PLAYERS ?? 10);
const LOAD_SECONDS = Number(process.env.CHAOS_SECONDS ?? 20);
const SEED = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** The simulated feed ten times faster than real time: in-play prices move every two seconds. */
const FEED_TIME_SCALE = 10;
/** An instance without the feed checks for it every 15 s; a start takes a few more. */
const FEED_BACK_WITHIN_MS = 40_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!DATABASE_URL || !REDIS_URL)('two instances, one killed dead under load', () => {
  let database: ChaosDatabase | null = null;
  const slots: ServerSlot[] = [];

  afterAll(async () => {
    for (const slot of slots) await slot.kill();
    await database?.drop();
  });

  it('loses no acknowledged bet, makes no key bet twice, keeps the ledger and holds sound and voids no market', async () => {
    const startedAt = Date.now();
    database = await chaosDatabase(DATABASE_URL ?? '');
    const { db } = database;
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: REDIS_URL ?? '',
      WEB_DIST_DIR: fakeWebDist(),
      LOG_LEVEL: 'info',
      FEED: 'simulator',
      FEED_SEED: '4242',
      FEED_TIME_SCALE: String(FEED_TIME_SCALE),
      // Every player comes from 127.0.0.1, and the money players ask for much more than a
      // player would.
      LIMIT_DEMO_ADDRESS: 'off',
      LIMIT_SIGNUP_ADDRESS: 'off',
      LIMIT_IMAGE_UPLOADS_PLAYER: 'off',
      LIMIT_PAYMENT_REQUESTS_PLAYER: 'off',
    };
    // A first, so that it runs the feed: it is the one killed.
    const a = new ServerSlot('A', env);
    const b = new ServerSlot('B', env);
    slots.push(a, b);
    await a.start();
    await waitUntil('A runs the feed', () => a.runsFeed(), 20_000);
    await b.start();
    const board = new MarketBoard(db);
    const marketsListed = async () => {
      await board.refresh();
      return board.markets.length > 0;
    };
    await waitUntil('the feed has open markets', marketsListed, 20_000, 250);

    const random = seededRandom(SEED);
    // The kill falls anywhere in B's 15 s between looks at the feed role: sometimes B takes the
    // feed over, sometimes the restarted A gets it back first.
    const beforeKillMs = LOAD_SECONDS * 1000 * (0.3 + 0.6 * random());
    const load = new ChaosLoad(board, random);
    await load.addPlayers(PLAYERS, [a, b]);
    const money = new MoneyLoad(db, random);
    await money.setUp(MONEY_PLAYERS, [a, b]);
    board.start();
    load.start();
    money.start();
    await sleep(beforeKillMs);

    const openAtKill = await openMarkets(db);
    const [runAtKill] = (await feedRuns(db)).filter((run) => !run.retired);
    const acknowledgedAtKill = load.counts.acknowledged;
    const noAnswerAtKill = load.counts.noAnswer;
    const killedAt = Date.now();
    await a.kill();
    // Started again at once, as a process manager would; meanwhile B may take the feed over.
    const [[downMs, noAnswerWhileDown], feedBackMs] = await Promise.all([
      a.start().then(() => [Date.now() - killedAt, load.counts.noAnswer - noAnswerAtKill]),
      waitUntil(
        'an instance runs the feed again',
        () => a.runsFeed() || b.runsFeed(),
        FEED_BACK_WITHIN_MS,
        100,
      ).then(() => Date.now() - killedAt),
    ]);
    const feedNowOn = b.runsFeed() ? 'B (took it over)' : 'A (restarted)';
    await sleep(LOAD_SECONDS * 1000 - beforeKillMs);

    await load.stop();
    await money.stop();
    board.stop();
    // Stopped together, so neither takes the feed over from the other on the way out.
    const exitCodes = await Promise.all([a.stop(), b.stop()]);

    const audit = await auditLedger(db);
    const moneyCheck = await moneyFindings(db, money.acknowledged);
    const holds = await holdMismatches(db);
    const bets = await betFindings(db, load.playerIds(), load.records, killedAt);
    const runs = await feedRuns(db);
    const verdict = await marketVerdict(db, openAtKill, feedResults(runs, Date.now()));
    const openAtEnd = await openMarkets(db);
    const logFile = path.join(os.tmpdir(), `backlay-chaos-${SEED}.log`);
    fs.writeFileSync(logFile, `=== A\n${a.output()}\n=== B\n${b.output()}\n`);
    // Warnings and errors the instances logged (pino levels 40 and up), for the summary.
    const troubles = [...a.output().split('\n'), ...b.output().split('\n')].filter((line) =>
      /"level":[4-6]\d/.test(line),
    );
    const feedErrors = troubles.filter((line) =>
      /cannot be resumed|no feed run can finish|feed tick failed/.test(line),
    );

    const { counts } = load;
    console.log(
      [
        `chaos (seed ${SEED}): ${counts.players} players, ${LOAD_SECONDS} s of load, ${Math.round((Date.now() - startedAt) / 1000)} s in all`,
        `  bets: ${counts.newBets} sent, ${counts.acknowledged} acknowledged (${acknowledgedAtKill} before the kill), ${counts.matchedAtOnce} matched when placed`,
        `  in the database: ${bets.bets} bets, ${bets.matched} matched, ${bets.takenOff} with stake taken off unmatched, ${bets.settled} settled`,
        `  cancels: ${counts.cancelsSent} sent, ${counts.cancelled} cancelled, ${counts.cancelRefused} refused`,
        `  replays of acknowledged keys: ${counts.replays}; retries under the key of a lost answer: ${counts.retries}`,
        `  keys acknowledged only on a retry after a lost answer: ${bets.acknowledgedAfterLoss} (${bets.placedByLostAttempt} placed by the lost attempt); never answered: ${bets.unansweredPlaced} placed, ${bets.unansweredNotPlaced} not`,
        `  refused: ${JSON.stringify(counts.refusedByReason)}; 429s: ${counts.rateLimited}; 5xx: ${counts.serverErrors}`,
        `  kill: A down ${downMs} ms, ${noAnswerWhileDown} requests failed meanwhile (${counts.noAnswer} in all); feed back after ${feedBackMs} ms on ${feedNowOn}`,
        `  markets open: ${openAtKill.length} at the kill, ${openAtEnd.length} at the end; of those open at the kill: ${verdict.stillOpen} still open, ${verdict.closed} closed, ${verdict.settledByFeed} settled by the feed, ${verdict.voidedByFeed} voided by the feed`,
        `  settled at odds with the feed: ${verdict.wronglySettled.length}; instances exited with ${exitCodes}`,
        `  money: ${JSON.stringify(money.counts)}; requests ${JSON.stringify(moneyCheck.byStatus)}; held ${JSON.stringify(moneyCheck.held)}`,
        `  warnings and errors logged: ${troubles.length} (all logs: ${logFile})`,
        ...troubles.slice(0, 10).map((line) => `    ${line.slice(0, 600)}`),
      ].join('\n'),
    );

    expect(audit).toEqual(SOUND_LEDGER);
    // Money in and out: each request's money moved as its status says, once; what is held for
    // withdrawals is what is pending; every acknowledged request exists; statements add up.
    expect(moneyCheck.wrong).toEqual([]);
    expect(moneyCheck.heldMatchesPending).toBe(true);
    expect(moneyCheck.missing).toEqual([]);
    expect(money.statementMismatches).toEqual([]);
    expect(money.serverErrors).toEqual([]);
    expect(money.counts.deposits).toBeGreaterThan(0);
    expect(money.counts.withdrawals).toBeGreaterThan(0);
    expect(money.counts.approved + money.counts.paid).toBeGreaterThan(0);
    expect(holds).toEqual([]);
    expect(bets.missing).toEqual([]);
    expect(bets.duplicated).toEqual([]);
    expect(load.replayMismatches).toEqual([]);
    expect(bets.refusedYetPlaced).toEqual([]);
    expect(bets.unknown).toEqual([]);
    expect(load.serverErrorSamples).toEqual([]);
    // The feed resumed the run it had: nothing voided for want of one, no new run.
    expect(feedErrors).toEqual([]);
    expect(verdict.wronglySettled).toEqual([]);
    expect(runs.filter((run) => !run.retired).map((run) => run.idPrefix)).toEqual([
      runAtKill?.idPrefix,
    ]);
    // The load did what it is for: bets acknowledged on both sides of the kill, some matched.
    expect(acknowledgedAtKill).toBeGreaterThan(0);
    expect(counts.acknowledged).toBeGreaterThan(acknowledgedAtKill);
    expect(bets.matched).toBeGreaterThan(0);
    expect(counts.replays).toBeGreaterThan(0);
    // Both stopped (a stop that outlasts the shutdown grace exits with 1: reported, not failed).
    expect(exitCodes.every((code) => code === 0 || code === 1)).toBe(true);
  }, 300_000);
});
