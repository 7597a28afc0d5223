// The load side of the wallet-callback benchmark: a provider's server calling Backlay's wallet
// for many players at once, each player with one round in flight at a time: a debit (a ₹1 bet
// opening a round), then, as soon as it is answered, the credit that closes the round (a win
// or a loss, at random). Every request is signed as a provider signs it. After a warm-up the
// main thread asks for phases:
//   { paced: { callbacksPerSecond, seconds } }: every player starts its rounds on its own
//     schedule, at callbacksPerSecond in all (two callbacks a round); a callback's latency runs
//     from when it was due (a debit from its round's start, a credit from its debit's answer),
//     so a server that falls behind is charged for the wait;
//   { flatOut: { roundsPerPlayer } }: every player starts its next round as soon as the last
//     one closed.
// Each phase answers { latencies, elapsedS, refused }; `null` ends the worker.
import { createHmac, randomBytes } from 'node:crypto';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { address, players, secret, provider, gameCode, signatureHeader, warmupRounds } = workerData;
const origin = new URL(address);

function connect() {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(origin.port), origin.hostname, () => resolve(socket));
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
      if (!length) return done(new Error(`a response without Content-Length: ${head}`));
      const bodyEnd = headEnd + 4 + Number(length[1]);
      if (buffered.length < bodyEnd) return;
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

async function call(player, action, body) {
  player.socket ??= await connect();
  const payload = JSON.stringify(body);
  const signature = createHmac('sha256', secret).update(payload).digest('hex');
  const response = readResponse(player.socket);
  player.socket.write(
    `POST /casino-wallet/${provider}/${action} HTTP/1.1\r\nHost: ${origin.host}\r\n` +
      `Content-Type: application/json\r\n${signatureHeader}: ${signature}\r\n` +
      `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
  );
  return response;
}

const id = (prefix) => `${prefix}-${randomBytes(8).toString('hex')}`;

/** One round: debit then credit; their latencies, from `dueAt` for the debit. */
async function round(player, latencies, counts, dueAt = performance.now()) {
  const roundId = id('r');
  const base = { token: player.token, roundId, gameCode, currency: 'INR' };
  const debit = await call(player, 'debit', { ...base, transactionId: id('d'), amountMinor: 100 });
  const debited = performance.now();
  latencies.push(debited - dueAt);
  if (debit.status !== 'OK') {
    counts.refused++;
    return;
  }
  const win = Math.random() < 0.45 ? 190 : 0;
  const credit = await call(player, 'credit', {
    ...base,
    transactionId: id('c'),
    amountMinor: win,
  });
  latencies.push(performance.now() - debited);
  if (credit.status !== 'OK') counts.refused++;
}

const sleepUntil = (at) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

async function flatOut(roundsPerPlayer) {
  const latencies = [];
  const counts = { refused: 0 };
  const started = performance.now();
  await Promise.all(
    players.map(async (player) => {
      for (let i = 0; i < roundsPerPlayer; i++) await round(player, latencies, counts);
    }),
  );
  return { latencies, elapsedS: (performance.now() - started) / 1000, refused: counts.refused };
}

async function paced({ callbacksPerSecond, seconds }) {
  const latencies = [];
  const counts = { refused: 0 };
  // Two callbacks a round: each player starts a round every meanGapMs on average.
  const meanGapMs = (1000 * players.length * 2) / callbacksPerSecond;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    players.map(async (player) => {
      let dueAt = started + Math.random() * meanGapMs;
      while (dueAt < end) {
        await sleepUntil(dueAt);
        await round(player, latencies, counts, dueAt);
        dueAt += meanGapMs * (0.5 + Math.random());
      }
    }),
  );
  return { latencies, elapsedS: (performance.now() - started) / 1000, refused: counts.refused };
}

await flatOut(warmupRounds);
parentPort.postMessage({ warmed: true });
parentPort.on('message', async (phase) => {
  if (phase === null) {
    for (const player of players) player.socket?.destroy();
    return;
  }
  const result = phase.paced
    ? await paced(phase.paced)
    : await flatOut(phase.flatOut.roundsPerPlayer);
  parentPort.postMessage(result);
});
