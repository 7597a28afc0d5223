// `npm run bench`: every benchmark in turn; each prints its figures and budget, and the
// run fails when one is over budget.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = [
  'bundle/first-visit.ts',
  'bundle/games.ts',
  'games/crash-frames.bench.ts',
  'exchange/matching.bench.ts',
  'ledger/transfers.bench.ts',
  'ledger/batch-postings.bench.ts',
  'accounts/login.bench.ts',
  'accounts/activity-log.bench.ts',
  'hub/fanout.bench.ts',
  'exchange/place-bet.bench.ts',
  'web/odds-update.bench.ts',
  'admin/back-office.bench.ts',
  'admin/brand-changes.bench.ts',
  'payments/statement.bench.ts',
  'responsible-gambling/loss-limit.bench.ts',
  'casino/wallet-callbacks.bench.ts',
  'house-games/crash-round.bench.ts',
  'bonus/settlement-wagering.bench.ts',
  'feed/responsiveness.bench.ts',
  'feed/idle-cpu.bench.ts',
].filter((file) => fs.existsSync(path.join(here, file)));

let failed = 0;
for (const bench of benches) {
  console.log(`\n### ${bench}`);
  const startedMs = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, bench)], {
    cwd: path.resolve(here, '..'),
    stdio: 'inherit',
  });
  if (result.status !== 0) failed++;
  console.log(`(${bench} ran ${((Date.now() - startedMs) / 1000).toFixed(0)} s)`);
}
console.log(
  `\nBenchmarks: ${benches.length - failed} within budget, ${failed} over budget or failed`,
);
process.exit(failed > 0 ? 1 : 0);
