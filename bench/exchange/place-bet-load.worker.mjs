// The load side of the bet placement benchmark: every player places bets one after another,
// all players at once, as their browsers would.
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

const { address, players, betsPerPlayer, warmupBets } = workerData;

// Alternately take the best back price (matching when liquidity is left) and rest a lay below
// the market: a mix of fills and resting orders.
function betFor(player, i) {
  const back = i % 2 === 0;
  return {
    marketId: player.marketId,
    runnerId: 1 + (i % 4 < 2 ? 0 : 1),
    side: back ? 'BACK' : 'LAY',
    price: back ? 1.9 : 1.5,
    stake: 100,
    idempotencyKey: randomUUID().replace(/-/g, ''),
  };
}

async function place(player, i) {
  const started = performance.now();
  const res = await fetch(`${address}/api/Bet/PlaceBetV2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
    body: JSON.stringify(betFor(player, i)),
  });
  const body = await res.json();
  if (!body.success) throw new Error(`bet refused: ${JSON.stringify(body.error)}`);
  return performance.now() - started;
}

async function run(count) {
  const latencies = [];
  await Promise.all(
    players.map(async (player) => {
      for (let i = 0; i < count; i++) latencies.push(await place(player, i));
    }),
  );
  return latencies;
}

await run(warmupBets);
const started = performance.now();
const latencies = await run(betsPerPlayer);
parentPort?.postMessage({ latencies, elapsedS: (performance.now() - started) / 1000 });
