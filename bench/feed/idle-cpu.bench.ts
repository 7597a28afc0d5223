// Idle CPU benchmark: the server as `npm start` runs it (the embedded database in a fresh folder,
// no Redis, the simulated sports feed at its default pace and seed 2026 on the wall clock), no
// players and no requests, only the feed and the server's own timers. After a warm-up (the
// feed's first picture of every fixture), the server process's CPU time is read from /proc over
// the measured window and printed as "X s CPU per minute at rest".
//
// The server is a child process started through its own entry (apps/server/src/main.ts, as
// scripts/start.mjs imports it, without the client builds it may run first), with nothing from
// this repository imported here: the file runs unchanged on any commit that has that entry, so
// `ab-bench.sh` can compare commits from before it existed (copy it into the older worktree).
// Budget: 2.5 s CPU per minute; the figure to trust is the side-by-side ratio (ab-bench.sh). On
// one busy machine, three rounds each: 4.94, 4.58, 3.86 s (median 4.58) when the feed applied each
// update in transactions of its own (d44d3aa), 1.16, 1.42, 1.15 s (median 1.16, 0.25×) once a
// tick's market moves went together (f7fcde3); 739aa60 beside it 1.31, 1.13, 1.03 s (median
// 1.13) against 1.31, 1.52, 1.16 s (median 1.31): 1.16×, for about seven times its feed updates.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_S_PER_MINUTE = 2.5;
const WARM_UP_S = Number(process.env.IDLE_BENCH_WARM_UP_S ?? 60);
const MEASURE_S = Number(process.env.IDLE_BENCH_MEASURE_S ?? 60);
/** The measured window is reported in slices this long, to show whether it was steady. */
const SLICE_S = 10;
/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;
const STARTUP_LIMIT_MS = 180_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on just now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the name (which may hold spaces): state, ppid, …; utime and stime are the 12th and
  // 13th fields from there.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-idle-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FEED: 'simulator',
    FEED_SEED: '2026',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
let exitedEarly = false;
void exited.then(() => (exitedEarly = true));

async function stop(): Promise<void> {
  if (!exitedEarly) server.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000).then(() => server.kill('SIGKILL'))]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

try {
  const startedAt = Date.now();
  for (;;) {
    if (exitedEarly) throw new Error('the server exited while starting');
    if (Date.now() - startedAt > STARTUP_LIMIT_MS) throw new Error('the server did not start');
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) break;
    await sleep(250);
  }
  const pid = server.pid;
  if (pid === undefined) throw new Error('the server has no pid');
  console.log(
    `Server up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s ` +
      `(${cpuSeconds(pid).toFixed(1)} s CPU); warming up ${WARM_UP_S} s`,
  );
  await sleep(WARM_UP_S * 1000);

  const slices: number[] = [];
  const firstCpu = cpuSeconds(pid);
  const firstMs = performance.now();
  let lastCpu = firstCpu;
  for (let left = MEASURE_S; left > 0; left -= SLICE_S) {
    await sleep(Math.min(SLICE_S, left) * 1000);
    if (exitedEarly) throw new Error('the server exited while measured');
    const cpu = cpuSeconds(pid);
    slices.push(cpu - lastCpu);
    lastCpu = cpu;
  }
  const minutes = (performance.now() - firstMs) / 60_000;
  const perMinute = (lastCpu - firstCpu) / minutes;
  console.log(
    `CPU per ${SLICE_S} s slice: ${slices.map((s) => s.toFixed(2)).join(', ')} s ` +
      `(${MEASURE_S} s measured after ${WARM_UP_S} s of warm-up)`,
  );
  console.log(`${perMinute.toFixed(2)} s CPU per minute at rest`);
  const within = perMinute <= BUDGET_S_PER_MINUTE;
  console.log(
    `feed.idle-cpu: ${within ? 'within' : 'OVER'} budget of ${BUDGET_S_PER_MINUTE} s CPU per minute`,
  );
  await stop();
  process.exit(within ? 0 : 1);
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}
