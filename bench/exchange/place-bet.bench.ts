// Bet placement benchmark: Bet/PlaceBetV2 over real HTTP against the one-process server, with
// 50 players betting at once (5 to a market, ten markets quoted by the market maker), on PGlite
// and, when DATABASE_URL is set, on PostgreSQL. Each placement is the whole path: checks, the
// market's row lock, matching, bet and fill rows, and the exposure hold in the ledger.
// Budget (PostgreSQL): at least 500 bets/s with p99 under 100 ms; PGlite's figures are printed.
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { createDomainRules } from '../../apps/server/src/modules/sports/domain-rules';
import { createFeedRunner } from '../../apps/server/src/modules/feed/feed-runner';
import { auditLedger, SOUND_LEDGER } from '../../apps/server/src/modules/wallet/ledger-audit';
import { loadConfig } from '../../apps/server/src/config';
import { startEmbeddedApp } from '../support/embedded-app';

const PLAYERS = 50;
const MARKETS = 10;
const BETS_PER_PLAYER = Number(process.env.PLACE_BET_BENCH_BETS ?? 20);
const BUDGET_BETS_PER_S = 500;
const BUDGET_P99_MS = 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function measure(label: string, databaseUrl: string | null): Promise<boolean> {
  const schema = databaseUrl ? `bench_bets_${randomBytes(4).toString('hex')}` : undefined;
  const { app, db, address } = await startEmbeddedApp(undefined, { databaseUrl, schema });
  try {
    const feed = createFeedRunner({
      db,
      rules: createDomainRules(loadConfig({}).domainsDir),
      publisher: {
        publishMarketOdds: async () => undefined,
        publishMarketStatus: async () => undefined,
        publishBalance: async () => undefined,
      },
      log: { error: (...args: unknown[]) => console.error(...args), info: () => undefined },
      idPrefix: `bench-${randomBytes(3).toString('hex')}-`,
    });
    const marketIds: string[] = [];
    for (let m = 0; m < MARKETS; m++) {
      const externalId = `event-${m}`;
      await feed.applyAll([
        {
          kind: 'fixture',
          fixture: {
            externalId,
            sportId: 3,
            competition: 'Benchmark Cup',
            title: `Home ${m} v Away ${m}`,
            participants: [`Home ${m}`, `Away ${m}`],
            startAt: new Date(Date.now() + 3_600_000),
            markets: [
              {
                key: 'match_odds',
                type: 'MATCH_ODDS',
                name: 'Match Odds',
                runners: [`Home ${m}`, `Away ${m}`],
                line: null,
              },
            ],
          },
        },
        { kind: 'prices', externalId, marketKey: 'match_odds', probabilities: [0.5, 0.5] },
      ]);
      const [row] = await db.query<{ id: string }>(
        `SELECT m.id FROM markets m JOIN sport_events e ON e.id = m.event_id
         WHERE e.title = $1`,
        [`Home ${m} v Away ${m}`],
      );
      if (!row) throw new Error('market not seeded');
      marketIds.push(row.id);
    }
    const players: { token: string; marketId: string }[] = [];
    for (let p = 0; p < PLAYERS; p++) {
      const res = await fetch(`${address}/api/Account/LoginAsDemoUser`);
      const body = (await res.json()) as { success: boolean; result: { accessToken: string } };
      if (!body.success) throw new Error('demo login failed');
      players.push({ token: body.result.accessToken, marketId: marketIds[p % MARKETS] as string });
    }

    const worker = new Worker(new URL('./place-bet-load.worker.mjs', import.meta.url), {
      workerData: { address, players, betsPerPlayer: BETS_PER_PLAYER, warmupBets: 4 },
    });
    const { latencies, elapsedS } = await new Promise<{ latencies: number[]; elapsedS: number }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    await worker.terminate();
    const audit = await auditLedger(db);
    if (JSON.stringify(audit) !== JSON.stringify(SOUND_LEDGER)) {
      throw new Error(`the ledger is unsound after the benchmark: ${JSON.stringify(audit)}`);
    }

    latencies.sort((a, b) => a - b);
    const perS = latencies.length / elapsedS;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const budgeted = databaseUrl !== null;
    const pass = !budgeted || (perS >= BUDGET_BETS_PER_S && p99 < BUDGET_P99_MS);
    console.log(
      `exchange.placeBet ${label}: ${perS.toFixed(0)} bets/s over ${latencies.length} bets, ` +
        `${PLAYERS} players at once on ${MARKETS} markets; p50 ${p50.toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms; ` +
        (budgeted
          ? `budget >= ${BUDGET_BETS_PER_S} bets/s and p99 < ${BUDGET_P99_MS} ms: ${pass ? 'PASS' : 'FAIL'}`
          : 'no budget (printed)'),
    );
    return pass;
  } finally {
    await app.close();
    if (schema) await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
}

let pass = await measure('PGlite', null);
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) pass = (await measure('PostgreSQL', databaseUrl)) && pass;
else console.log('exchange.placeBet PostgreSQL: not measured (DATABASE_URL is not set)');
process.exit(pass ? 0 : 1);
