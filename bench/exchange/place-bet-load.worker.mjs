// The load side of the bet placement benchmark: every player places bets one after another,
// all players at once, as their browsers would.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
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

// Plain keep-alive HTTP: the load generator shares the machine's cores with the server, so it
// should cost as little as a client can.
const agent = new http.Agent({ keepAlive: true, maxSockets: players.length });
const url = new URL(`${address}/api/Bet/PlaceBetV2`);

function post(token, payload) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function place(player, i) {
  const started = performance.now();
  const body = await post(player.token, JSON.stringify(betFor(player, i)));
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
