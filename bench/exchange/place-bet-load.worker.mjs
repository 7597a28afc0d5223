// The load side of the bet placement benchmark. Each player has one bet in flight at a time, as
// a browser would. After a warm-up, the main thread asks for phases:
//   { paced: { betsPerSecond, seconds } }: every player bets on its own schedule, at
//     betsPerSecond in all; a bet's latency runs from when it was due, so a server that falls
//     behind is charged for the wait (no coordinated omission);
//   { flatOut: { betsPerPlayer } }: every player bets again as soon as the last bet returns.
// Each phase answers { latencies, elapsedS }; `null` ends the worker.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { address, players, warmupBets } = workerData;

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

// The load generator shares the machine's two cores with the server and its database, so it
// costs as little as a client can, as wrk would: one kept-alive connection per player, the
// request written as bytes, the response read by its Content-Length (the server always sends
// one for JSON).
const url = new URL(`${address}/api/Bet/PlaceBetV2`);

function connect() {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => resolve(socket));
    socket.setNoDelay(true);
    socket.once('error', reject);
  });
}

/** Reads one HTTP/1.1 response from `socket`: its JSON body. */
function readResponse(socket) {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const onData = (chunk) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = buffered.subarray(0, headEnd).toString('latin1');
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) {
        done(new Error(`a response without Content-Length: ${head}`));
        return;
      }
      const bodyEnd = headEnd + 4 + Number(length[1]);
      if (buffered.length < bodyEnd) return;
      if (buffered.length > bodyEnd) {
        done(new Error('bytes after the response on a connection with one request at a time'));
        return;
      }
      done(null, JSON.parse(buffered.subarray(headEnd + 4, bodyEnd).toString('utf8')));
    };
    const onClose = () => done(new Error('the server closed the connection'));
    function done(error, body) {
      socket.off('data', onData);
      socket.off('close', onClose);
      if (error) reject(error);
      else resolve(body);
    }
    socket.on('data', onData);
    socket.on('close', onClose);
  });
}

async function post(player, payload) {
  player.socket ??= await connect();
  const response = readResponse(player.socket);
  player.socket.write(
    `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n` +
      `Authorization: Bearer ${player.token}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
  );
  return response;
}

/** Places the player's next bet; its latency counts from `dueAt` (now, unless it was due earlier). */
async function place(player, dueAt = performance.now()) {
  player.placed = (player.placed ?? 0) + 1;
  const body = await post(player, JSON.stringify(betFor(player, player.placed)));
  if (!body.success) throw new Error(`bet refused: ${JSON.stringify(body.error)}`);
  return performance.now() - dueAt;
}

const sleepUntil = (at) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

async function flatOut(betsPerPlayer) {
  const latencies = [];
  const started = performance.now();
  await Promise.all(
    players.map(async (player) => {
      for (let i = 0; i < betsPerPlayer; i++) latencies.push(await place(player));
    }),
  );
  return { latencies, elapsedS: (performance.now() - started) / 1000 };
}

async function paced({ betsPerSecond, seconds }) {
  const latencies = [];
  const meanGapMs = (1000 * players.length) / betsPerSecond;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    players.map(async (player) => {
      // Players start spread over one gap and then bet at random gaps around the mean.
      let dueAt = started + Math.random() * meanGapMs;
      while (dueAt < end) {
        await sleepUntil(dueAt);
        latencies.push(await place(player, dueAt));
        dueAt += meanGapMs * (0.5 + Math.random());
      }
    }),
  );
  return { latencies, elapsedS: (performance.now() - started) / 1000 };
}

await flatOut(warmupBets);
parentPort?.postMessage({ warmed: true });
parentPort?.on('message', (phase) => {
  if (phase === null) {
    for (const player of players) player.socket?.destroy();
    parentPort?.close();
    return;
  }
  const run = phase.paced ? paced(phase.paced) : flatOut(phase.flatOut.betsPerPlayer);
  run.then(
    (result) => parentPort?.postMessage(result),
    (error) => {
      throw error;
    },
  );
});
