// Wallet-callback benchmark: a casino provider's server calling Backlay's seamless wallet over
// real HTTP, for 200 players at once, each playing round after round: a signed debit (the bet,
// which opens the round) and then the signed credit that closes it, on PostgreSQL
// (DATABASE_URL; on PGlite otherwise, printed without a budget). Each callback is the whole
// path: the signature, the provider's atomic limit, the transaction id's claim, the token and
// the player's checks, the round's move under its lock and the wallet transfer.
//
// Budget (PostgreSQL): at least 2,000 callbacks/s flat out, and p99 under 25 ms with 2,000
// callbacks/s offered. Phases, after a warm-up of a few rounds per player and ANALYZE:
// - paced: the players start rounds at 1,000 rounds/s between them (2,000 callbacks/s), each on
//   its own random schedule; a debit's latency runs from when its round was due, a credit's
//   from its debit's answer;
// - flat out: each player starts its next round as soon as the last one closed; the
//   callbacks/s it reaches are the throughput (its latencies are the queue at the ceiling,
//   printed).
// CASINO_BENCH_SECONDS sets the paced phase's length, CASINO_BENCH_ROUNDS the flat-out rounds
// per player.
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { CASINO_SIGNATURE_HEADER } from '../../packages/contract/src/casino-wallet';
import { auditLedger, SOUND_LEDGER } from '../../apps/server/src/modules/wallet/ledger-audit';
import { demoCrashToken } from '../support/casino-launch';
import { startEmbeddedApp } from '../support/embedded-app';
import { percentile } from '../support/latency';
import { cpuMsByProcess, cpuMsOfPids, postgresPidsOf } from '../support/process-cpu';

const PLAYERS = 200;
const WARMUP_ROUNDS = 3;
const PACED_SECONDS = Number(process.env.CASINO_BENCH_SECONDS ?? 5);
const FLAT_OUT_ROUNDS = Number(process.env.CASINO_BENCH_ROUNDS ?? 10);
const BUDGET_CALLBACKS_PER_S = 2_000;
const BUDGET_P99_MS = 25;

interface PhaseResult {
  latencies: number[];
  elapsedS: number;
  refused: number;
}

type Phase =
  | { paced: { callbacksPerSecond: number; seconds: number } }
  | { flatOut: { roundsPerPlayer: number } };

function summary(result: PhaseResult) {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    perS: sorted.length / result.elapsedS,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    refused: result.refused,
  };
}

async function measure(label: string, databaseUrl: string | null): Promise<boolean> {
  const schema = databaseUrl ? `bench_casino_${randomBytes(4).toString('hex')}` : undefined;
  const { app, db, address } = await startEmbeddedApp(undefined, { databaseUrl, schema });
  try {
    // Demo players: the same path as real money, in the play book, without sign-up codes.
    const players: { token: string }[] = [];
    for (let p = 0; p < PLAYERS; p++) players.push({ token: await demoCrashToken(address) });
    const secret = app.casino.providers.secretOf('mac')?.secret;
    if (!secret) throw new Error('no secret for mac');

    const worker = new Worker(new URL('./wallet-callbacks-load.worker.mjs', import.meta.url), {
      workerData: {
        address,
        players,
        secret,
        provider: 'mac',
        gameCode: 'sbe_aviator',
        signatureHeader: CASINO_SIGNATURE_HEADER,
        warmupRounds: WARMUP_ROUNDS,
      },
    });
    const replies: ((result: PhaseResult) => void)[] = [];
    const failed = new Promise<never>((_, reject) => worker.once('error', reject));
    worker.on('message', (message: PhaseResult | { warmed: true }) => {
      if ('warmed' in message) replies.shift()?.({ latencies: [], elapsedS: 0, refused: 0 });
      else replies.shift()?.(message);
    });
    const reply = () =>
      Promise.race([new Promise<PhaseResult>((resolve) => replies.push(resolve)), failed]);
    const run = (phase: Phase) => {
      const answer = reply();
      worker.postMessage(phase);
      return answer;
    };
    await reply();
    await db.exec('ANALYZE');
    const budgeted = databaseUrl !== null;
    // This database's connections (all open after the warm-up) and the WAL writer: the figure
    // leaves out other databases' work on a shared server.
    const databasePids = budgeted ? await postgresPidsOf(db) : new Set<number>();
    const cpuBefore = { server: process.cpuUsage(), database: cpuMsByProcess('postgres') };
    const paced = budgeted
      ? summary(
          await run({
            paced: { callbacksPerSecond: BUDGET_CALLBACKS_PER_S, seconds: PACED_SECONDS },
          }),
        )
      : null;
    const flat = summary(await run({ flatOut: { roundsPerPlayer: FLAT_OUT_ROUNDS } }));
    const serverCpu = process.cpuUsage(cpuBefore.server);
    const databaseCpuMs = cpuMsOfPids(cpuBefore.database, cpuMsByProcess('postgres'), databasePids);
    worker.postMessage(null);
    await worker.terminate();
    const audit = await auditLedger(db);
    if (JSON.stringify(audit) !== JSON.stringify(SOUND_LEDGER)) {
      throw new Error(`the ledger is unsound after the benchmark: ${JSON.stringify(audit)}`);
    }
    const refused = flat.refused + (paced?.refused ?? 0);
    if (refused > 0) throw new Error(`${refused} callbacks were refused`);

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const flatLine =
      `${flat.perS.toFixed(0)} callbacks/s flat out over ${flat.count} callbacks ` +
      `(p50 ${ms(flat.p50)}, p99 ${ms(flat.p99)})`;
    const setting = `${PLAYERS} players at once, a debit and a credit per round`;
    let pass = true;
    if (paced) {
      const throughputOk = flat.perS >= BUDGET_CALLBACKS_PER_S;
      const latencyOk = paced.p99 < BUDGET_P99_MS;
      pass = throughputOk && latencyOk;
      console.log(
        `casino.walletCallbacks ${label}: ${setting}; at ${BUDGET_CALLBACKS_PER_S} callbacks/s ` +
          `offered (${paced.perS.toFixed(0)}/s served over ${paced.count}): p50 ${ms(paced.p50)}, ` +
          `p99 ${ms(paced.p99)}; ${flatLine}; budget >= ${BUDGET_CALLBACKS_PER_S} callbacks/s ` +
          `${throughputOk ? 'PASS' : 'FAIL'}, p99 < ${BUDGET_P99_MS} ms at that rate ` +
          `${latencyOk ? 'PASS' : 'FAIL'}`,
      );
    } else {
      console.log(`casino.walletCallbacks ${label}: ${setting}; ${flatLine}; no budget (printed)`);
    }
    const callbacks = flat.count + (paced?.count ?? 0);
    const serverMs = (serverCpu.user + serverCpu.system) / 1000;
    console.log(
      `  CPU per callback: ${(serverMs / callbacks).toFixed(2)} ms in this process (server and load)` +
        (budgeted && databaseCpuMs > 0
          ? `, ${(databaseCpuMs / callbacks).toFixed(2)} ms in this database's PostgreSQL processes`
          : ''),
    );
    return pass;
  } finally {
    await app.close();
    if (schema) await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
}

const url = process.env.DATABASE_URL || null;
const pass = await measure(url ? 'PostgreSQL' : 'PGlite', url);
process.exit(pass ? 0 : 1);
