// Hub fan-out benchmark: N clients connected to one server process (default 5,000), each
// watching one of M markets; every market gets one `MarketOdds` push per second, so every
// client receives one message per second. Clients are raw WebSockets speaking the SignalR JSON
// hub protocol, in child processes so the load does not run on the server's event loop (nor
// count in its memory). Prints delivered messages per second, latency from publish to receipt
// (p50, p99) and the server's memory per connection; the budget is p99 under 250 ms with every
// message delivered. Exits non-zero on FAIL.
//
//   npx tsx bench/hub/fanout.bench.ts
//   HUB_BENCH_CLIENTS=10000 HUB_BENCH_SECONDS=30 npx tsx bench/hub/fanout.bench.ts
//
// Each connection needs a file descriptor in the server process (and one in a client process):
// with the default 5,000 clients, `ulimit -n` must be at least about 6,000.
import { fork, execFileSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { MarketOddsData } from '../../packages/contract/src/hub';
import { startEmbeddedApp } from '../support/embedded-app';

const CLIENTS = Number(process.env.HUB_BENCH_CLIENTS ?? 5_000);
const CLIENT_PROCESSES = Number(process.env.HUB_BENCH_PROCESSES ?? 2);
const MARKETS = Math.max(1, Math.round(CLIENTS / 50));
const WARMUP_S = 3;
const MEASURE_S = Number(process.env.HUB_BENCH_SECONDS ?? 20);
const P99_BUDGET_MS = 250;
/** Pushes published in the window that may still be on their way when it closes. */
const DELIVERY_BUDGET = 0.999;
const here = path.dirname(fileURLToPath(import.meta.url));

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** A full garbage collection, for memory figures that are not just garbage. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function fileLimit(): number {
  try {
    return Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
  } catch {
    return NaN;
  }
}

const limit = fileLimit();
if (limit < CLIENTS + 500) {
  console.error(
    `ulimit -n is ${limit}; ${CLIENTS} clients need about ${CLIENTS + 1_000}. ` +
      `Run it as: sh -c 'ulimit -n ${CLIENTS + 1_000} && npx tsx bench/hub/fanout.bench.ts'`,
  );
  process.exit(1);
}

const {
  app,
  db,
  address: origin,
} = await startEmbeddedApp({
  maxConnections: CLIENTS + 1_000,
  maxConnectionsPerAddress: CLIENTS + 1_000,
});

// The hub lets connections watch only markets that exist: one event holds the benchmark's.
const [event] = await db.query<{ id: string }>(
  `INSERT INTO sport_events (external_id, sport_id, competition, title, participants, start_at, status)
   VALUES ('bench-fanout', 3, 'Benchmark', 'Watchers v Publishers', ARRAY['A', 'B'], now(), 'UPCOMING')
   RETURNING id`,
);
await db.query(
  `INSERT INTO markets (id, event_id, market_key, type, name, status)
   SELECT 'bench-' || n, $1, 'bench-' || n, 'MATCH_ODDS', 'Match Odds', 'OPEN'
   FROM generate_series(0, $2::int - 1) AS n`,
  [event?.id, MARKETS],
);

const children: ChildProcess[] = [];
const nextMessage = (child: ChildProcess, type: string) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const onMessage = (message: Record<string, unknown>) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`a client process exited with ${code}`)));
  });

const connectStarted = performance.now();
const perProcess = Math.ceil(CLIENTS / CLIENT_PROCESSES);
for (let first = 0; first < CLIENTS; first += perProcess) {
  children.push(
    fork(path.join(here, 'fanout-clients.mjs'), [], {
      execArgv: [],
      env: {
        ...process.env,
        HUB_URL: `${origin.replace(/^http/, 'ws')}/hubs/main`,
        FIRST_CLIENT: String(first),
        CLIENT_COUNT: String(Math.min(perProcess, CLIENTS - first)),
        MARKET_COUNT: String(MARKETS),
      },
    }),
  );
}
const halves = await Promise.all(children.map((child) => nextMessage(child, 'half')));
const halfConnected = halves.reduce((sum, message) => sum + Number(message.connected), 0);
collectGarbage();
const atHalf = process.memoryUsage();
const readies = children.map((child) => nextMessage(child, 'ready'));
for (const child of children) child.send({ type: 'continue' });
const ready = await Promise.all(readies);
const connectS = (performance.now() - connectStarted) / 1000;
const connected = ready.reduce((sum, message) => sum + Number(message.connected), 0);
collectGarbage();
const loaded = process.memoryUsage();
const stats = app.hub.stats();

// One market every (1000 / MARKETS) ms, so each market, and so each client, gets one push a
// second, spread evenly rather than in one burst.
const runners = [1, 2, 3].map((runner) => ({
  RunnerId: runner,
  Back: [0, 1, 2].map((i) => ({ Price: 1.5 + runner + i / 100, Size: 1_000 + i })),
  Lay: [0, 1, 2].map((i) => ({ Price: 1.6 + runner + i / 100, Size: 900 + i })),
}));
let published = 0;
let windowPublished = 0;
const startMs = Date.now();
const fromMs = startMs + WARMUP_S * 1000;
const toMs = fromMs + MEASURE_S * 1000;
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    const now = Date.now();
    const due = Math.floor(((now - startMs) * MARKETS) / 1000);
    for (; published < due; published++) {
      const odds: MarketOddsData = {
        MarketId: `bench-${published % MARKETS}`,
        Runners: runners,
        PublishedAt: Date.now(),
      };
      if (odds.PublishedAt >= fromMs && odds.PublishedAt < toMs) windowPublished++;
      void app.hub.publishMarketOdds(odds);
    }
    if (now >= toMs) {
      clearInterval(timer);
      resolve();
    }
  }, 2);
});
// Let what is in flight arrive before counting.
await new Promise((resolve) => setTimeout(resolve, 1_000));
const reports = await Promise.all(
  children.map((child) => {
    const report = nextMessage(child, 'report');
    child.send({ type: 'report', fromMs, toMs });
    return report;
  }),
);
for (const child of children) child.send({ type: 'stop' });
await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
await app.close();
await db.close();

const latencies = Float64Array.from(reports.flatMap((r) => r.latencies as number[])).sort();
const delivered = latencies.length;
const dropped = reports.reduce((sum, r) => sum + Number(r.dropped), 0);
const expected = windowPublished * (CLIENTS / MARKETS);
const p50 = percentile(latencies, 50);
const p99 = percentile(latencies, 99);
const max = latencies[latencies.length - 1] ?? NaN;
// Marginal cost: what the second half of the connections added to the warm server.
const added = connected - halfConnected;
const rssPerConnectionKb = (loaded.rss - atHalf.rss) / added / 1024;
const heapPerConnectionKb = (loaded.heapUsed - atHalf.heapUsed) / added / 1024;
const pass =
  connected === CLIENTS &&
  dropped === 0 &&
  delivered >= expected * DELIVERY_BUDGET &&
  p99 < P99_BUDGET_MS;

console.log(
  `hub.fanout: ${connected} clients connected in ${connectS.toFixed(1)} s ` +
    `(${stats.connections} on the server, ${stats.markets} markets of ${CLIENTS / MARKETS} watchers), ` +
    `${os.cpus().length} cores shared with ${children.length} client processes`,
);
console.log(
  `hub.fanout: ${(delivered / MEASURE_S).toFixed(0)} messages/s delivered over ${MEASURE_S} s ` +
    `(${delivered} of ${expected} published to watchers, ${dropped} clients dropped); ` +
    `publish to receipt p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${max.toFixed(0)} ms`,
);
console.log(
  `hub.fanout: server memory per connection (the last ${added} connections): ` +
    `RSS ${rssPerConnectionKb.toFixed(1)} KB, JS heap ${heapPerConnectionKb.toFixed(1)} KB; ` +
    `server RSS ${(loaded.rss / 1024 / 1024).toFixed(0)} MB in all`,
);
console.log(
  `hub.fanout: budget p99 < ${P99_BUDGET_MS} ms at ${CLIENTS} clients x 1 message/s, ` +
    `every message delivered: ${pass ? 'PASS' : 'FAIL'}`,
);
process.exit(pass ? 0 : 1);
