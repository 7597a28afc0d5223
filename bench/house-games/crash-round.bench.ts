// Crash round benchmark: 2,000 players at the built-in studio's crash table over real
// WebSockets, each betting once in a round's betting window and cashing out once while it
// runs, every bet a signed debit and every cash-out a signed credit through Backlay's wallet
// callbacks (in-process, as the app wires them), on PostgreSQL (DATABASE_URL; on PGlite
// otherwise). The players live in a worker thread; the server is this thread. A warm-up round
// of the same comes first (its figures printed, without a budget); the next is measured.
//
// Figures: bets/s and cash-outs/s served, the p50 and p99 of a bet's time to its betAccepted
// and of a cash-out's to its cashedOut (which comes once the studio's round log holds the win),
// the p99 of the multiplier tick's delay from the server's clock to each of the 2,000 players,
// and (printed, no budget of its own) a cash-out's time to the balance after its win's credit.
// Budget: bet and cash-out p99 < 50 ms; tick fan-out p99 < 100 ms.
// CRASH_BENCH_PLAYERS sets the number of players (2,000).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { auditLedger, SOUND_LEDGER } from '../../apps/server/src/modules/wallet/ledger-audit';
import { demoCrashToken } from '../support/casino-launch';
import { percentile } from '../support/latency';
import { cpuMsBetween, cpuMsByProcess } from '../support/process-cpu';

const PLAYERS = Number(process.env.CRASH_BENCH_PLAYERS ?? 2_000);
const BET_WINDOW_MS = 4_000;
const CASH_OUT_WINDOW_MS = 4_000;
const BUDGET_MOVE_P99_MS = 50;
const BUDGET_TICK_P99_MS = 100;
const TICK_MS = 150;

/**
 * Statements sent to PostgreSQL by this process, counted at pg's client (every statement of the
 * app goes through one): the transactions' BEGIN and COMMIT apart from the rest, and the studio's
 * round log's (its tables are `house_game_*`) among the rest.
 */
const sent = { statements: 0, control: 0, studio: 0 };
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  if (typeof text === 'string' && /^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(text)) sent.control += 1;
  else {
    sent.statements += 1;
    if (typeof text === 'string' && text.includes('house_game_')) sent.studio += 1;
  }
  // The original, with whatever arguments it was given (pg's query has many overloads).
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

async function main(): Promise<boolean> {
  const databaseUrl = process.env.DATABASE_URL || null;
  const schema = databaseUrl ? `bench_crash_${randomBytes(4).toString('hex')}` : undefined;
  const db = await openDatabase({ databaseUrl, pgliteDir: null, ...(schema ? { schema } : {}) });
  await migrate(db);
  const base = loadConfig({});
  const app = await buildApp({
    config: {
      ...base,
      webDistDir: fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-bench-web-')),
      logLevel: 'silent',
      production: true,
      // One address stands for thousands of players: per-address limits are off.
      limits: { ...base.limits, demoAddress: [], loginAddress: [], casinoLaunchesPlayer: [] },
      houseGames: {
        ...base.houseGames,
        // The benchmark drives the round: a betting window that fits the bets, ticks by hand.
        autoRun: false,
        connectionsPerAddress: PLAYERS + 10,
        crash: { ...base.houseGames.crash, bettingMs: BET_WINDOW_MS + 4_000, tickMs: TICK_MS },
      },
    },
    db,
    logger: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const studio = app.houseGames;
  if (!studio) throw new Error('the studio is off');
  let worker: Worker | null = null;
  try {
    // Demo players (play money, no sign-up codes), each with a launch of the crash game.
    const tokens: string[] = [];
    const started = performance.now();
    for (let batch = 0; batch < PLAYERS; batch += 50) {
      const made = await Promise.all(
        Array.from({ length: Math.min(50, PLAYERS - batch) }, () => demoCrashToken(address)),
      );
      tokens.push(...made);
    }
    console.log(
      `  ${PLAYERS} players logged in and launched in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    await studio.start();

    worker = new Worker(new URL('./crash-load.worker.mjs', import.meta.url), {
      workerData: {
        socketUrl: `${address.replace('http', 'ws')}/games/mac/sbe_aviator/ws`,
        origin: address,
        tokens,
      },
    });
    const w = worker;
    const failed = new Promise<never>((_, reject) => w.once('error', reject));
    const ask = <T>(command: object, answer: string) =>
      Promise.race([
        new Promise<T>((resolve) => {
          const listen = (message: { type: string }) => {
            if (message.type !== answer) return;
            w.off('message', listen);
            resolve(message as T);
          };
          w.on('message', listen);
          w.postMessage(command);
        }),
        failed,
      ]);
    const { joined } = await ask<{ joined: number }>({ type: 'connect' }, 'connected');
    if (joined !== PLAYERS) throw new Error(`only ${joined} players joined`);
    await db.exec('ANALYZE');

    // A round long enough for every cash-out: empty rounds go by until one crashes at 3x or
    // more (the benchmark reads the table's next crash point, as no player can).
    const table = studio.table;
    const nextLongRound = async () => {
      for (;;) {
        await table.openBetting();
        if ((table.currentRound()?.crashPointCenti ?? 0) >= 300) return;
        await table.start();
        table.crash();
        await table.settle();
      }
    };
    /** Every player bets once and later cashes out once, as the table's loop runs a round. */
    const playRound = async (round: string) => {
      await ask({ type: 'bet', round, overMs: BET_WINDOW_MS, amountMinor: 1_000 }, 'betsSent');
      // Let the last answers come, then start the round and tick as the table's loop does.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await table.start();
      const ticking = setInterval(() => table.tick(), TICK_MS);
      await ask({ type: 'cashOut', round, overMs: CASH_OUT_WINDOW_MS }, 'cashOutsSent');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      clearInterval(ticking);
      table.crash();
      await table.settle();
    };
    // A warm-up round first, as a server that has been up a while is: its code compiled, and
    // each database connection's statements and functions prepared. Its figures are printed.
    await nextLongRound();
    await playRound('w');
    const warm = await ask<{ bets: number[]; cashOuts: number[] }>({ type: 'reset' }, 'reset');
    await nextLongRound();
    // From here: the measured round alone (the empty rounds before it, a random number of
    // them, each sent to every player, would make the figure vary from run to run).
    const cpuBefore = process.cpuUsage();
    const databaseCpuBefore = cpuMsByProcess('postgres');
    const serverLag = monitorEventLoopDelay({ resolution: 1 });
    serverLag.enable();
    const sentBefore = { ...sent };
    await playRound('m');
    const report = await ask<{
      bets: number[];
      cashOuts: number[];
      credited: number[];
      ticks: number[];
      refused: Record<string, number>;
      lag: { p99: number; max: number };
      betSeconds: number;
      cashOutSeconds: number;
    }>({ type: 'report' }, 'report');
    await ask({ type: 'close' }, 'closed');
    const cpu = process.cpuUsage(cpuBefore);
    const databaseCpuMs = cpuMsBetween(databaseCpuBefore, cpuMsByProcess('postgres'));
    serverLag.disable();
    const statements = sent.statements - sentBefore.statements;
    const control = sent.control - sentBefore.control;
    const studioStatements = sent.studio - sentBefore.studio;

    const audit = await auditLedger(db);
    if (JSON.stringify(audit) !== JSON.stringify(SOUND_LEDGER)) {
      throw new Error(`the ledger is unsound after the benchmark: ${JSON.stringify(audit)}`);
    }
    const stats = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { count: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
    };
    const bets = stats(report.bets);
    const cashOuts = stats(report.cashOuts);
    const credited = stats(report.credited);
    const ticks = stats(report.ticks);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
    const movesOk = bets.p99 < BUDGET_MOVE_P99_MS && cashOuts.p99 < BUDGET_MOVE_P99_MS;
    const ticksOk = ticks.p99 < BUDGET_TICK_P99_MS;
    const refused = Object.entries(report.refused)
      .map(([code, n]) => `${code} ${n}`)
      .join(', ');
    console.log(
      `houseGames.crashRound ${label}: ${PLAYERS} players over WebSockets, one bet and one ` +
        `cash-out each, real wallet callbacks; bets: ${bets.count} accepted, ` +
        `${(PLAYERS / (BET_WINDOW_MS / 1000)).toFixed(0)}/s offered, ` +
        `${(bets.count / report.betSeconds).toFixed(0)}/s served, ` +
        `p50 ${ms(bets.p50)}, p99 ${ms(bets.p99)}; cash-outs: ${cashOuts.count} paid, ` +
        `${(PLAYERS / (CASH_OUT_WINDOW_MS / 1000)).toFixed(0)}/s offered, ` +
        `${(cashOuts.count / report.cashOutSeconds).toFixed(0)}/s served, p50 ${ms(cashOuts.p50)}, ` +
        `p99 ${ms(cashOuts.p99)}; tick fan-out to ${PLAYERS}: ${ticks.count} deliveries, ` +
        `p50 ${ms(ticks.p50)}, p99 ${ms(ticks.p99)}` +
        (refused ? `; refused: ${refused}` : '') +
        `; budget bet and cash-out p99 < ${BUDGET_MOVE_P99_MS} ms ${movesOk ? 'PASS' : 'FAIL'}, ` +
        `tick fan-out p99 < ${BUDGET_TICK_P99_MS} ms ${ticksOk ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `  Cash-outs' wins credited: ${credited.count} balances told after the wallet's credit, ` +
        `p50 ${ms(credited.p50)}, p99 ${ms(credited.p99)} from the cash-out (no budget: the ` +
        `player's answer is the cashedOut above)`,
    );
    const moves = bets.count + cashOuts.count;
    const warmBets = stats(warm.bets);
    const warmCashOuts = stats(warm.cashOuts);
    console.log(
      `  The warm-up round before it, from a cold start (no budget, printed): bets ` +
        `${warmBets.count}, p50 ${ms(warmBets.p50)}, p99 ${ms(warmBets.p99)}; cash-outs ` +
        `${warmCashOuts.count}, p50 ${ms(warmCashOuts.p50)}, p99 ${ms(warmCashOuts.p99)}`,
    );
    console.log(
      `  The server's thread: event-loop delay p99 ${ms(serverLag.percentile(99) / 1e6)}, ` +
        `longest ${ms(serverLag.max / 1e6)} (every bet, cash-out and tick waits as long)`,
    );
    console.log(
      `  The players' thread (the measuring side): event-loop delay p99 ` +
        `${ms(report.lag.p99)}, longest ${ms(report.lag.max)} (an answer that comes meanwhile ` +
        `is timed late by as much)`,
    );
    console.log(
      `  CPU per bet or cash-out: ${((cpu.user + cpu.system) / 1000 / moves).toFixed(2)} ms in ` +
        `this process (server, wallet callbacks, ticks, and the players' thread); load average ` +
        `${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores during the run`,
    );
    if (databaseUrl) {
      console.log(
        `  PostgreSQL's CPU per bet or cash-out: ${(databaseCpuMs / moves).toFixed(2)} ms ` +
          `(its processes on this machine, during the measured round)`,
      );
      console.log(
        `  Statements per player (one bet and one cash-out): ` +
          `${(statements / PLAYERS).toFixed(2)}, and ${(control / PLAYERS).toFixed(2)} ` +
          `BEGIN or COMMIT (${statements} and ${control} in the measured round); the studio's ` +
          `round log ${(studioStatements / PLAYERS).toFixed(2)} of them (${studioStatements})`,
      );
    }
    return (
      movesOk &&
      ticksOk &&
      bets.count === PLAYERS &&
      cashOuts.count === PLAYERS &&
      credited.count === PLAYERS
    );
  } finally {
    await worker?.terminate();
    await app.close();
    if (schema) await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
}

const pass = await main();
process.exit(pass ? 0 : 1);
