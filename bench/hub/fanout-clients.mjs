// The load side of the hub fan-out benchmark, one child process per share of the clients: raw
// WebSockets speaking the SignalR JSON hub protocol as guests, each watching one market and
// timing every `MarketOdds` push from its PublishedAt to its arrival.
//
// Parent → child (IPC): { type: 'continue' }, { type: 'report', fromMs, toMs }, { type: 'stop' }.
// Child → parent: { type: 'half', connected } with half its clients watching, then (after
// 'continue') { type: 'ready', connected } once every client watches its market, then
// { type: 'report', latencies, delivered, dropped } for pushes published within the window.
import { WebSocket } from 'ws';

const RS = '\u001e';
const { HUB_URL, FIRST_CLIENT, CLIENT_COUNT, MARKET_COUNT, CONNECT_CONCURRENCY } = process.env;
const first = Number(FIRST_CLIENT);
const count = Number(CLIENT_COUNT);
const markets = Number(MARKET_COUNT);
const concurrency = Number(CONNECT_CONCURRENCY ?? 200);
/** Well inside the hub's 30 s client timeout, as the real client's 15 s keep-alive is. */
const PING_EVERY_MS = 10_000;

/** [publishedAtMs, latencyMs] pairs, two numbers per push, grown as needed. */
let samples = new Float64Array(1 << 20);
let sampleCount = 0;
let dropped = 0;
const sockets = [];

function record(publishedAtMs, latencyMs) {
  if (sampleCount * 2 + 2 > samples.length) {
    const grown = new Float64Array(samples.length * 2);
    grown.set(samples);
    samples = grown;
  }
  samples[sampleCount * 2] = publishedAtMs;
  samples[sampleCount * 2 + 1] = latencyMs;
  sampleCount++;
}

function open(index) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(HUB_URL, { perMessageDeflate: false });
    const market = `bench-${index % markets}`;
    let stage = 'handshake';
    socket.on('open', () => socket.send(`{"protocol":"json","version":1}${RS}`));
    socket.on('message', (data) => {
      const receivedAtMs = Date.now();
      for (const text of data.toString().split(RS)) {
        if (!text) continue;
        const message = JSON.parse(text);
        if (stage === 'handshake') {
          if (message.error) return reject(new Error(message.error));
          stage = 'watch';
          socket.send(
            `${JSON.stringify({ type: 1, invocationId: 'w', target: 'WatchMarkets', arguments: [[market]] })}${RS}`,
          );
        } else if (stage === 'watch' && message.type === 3) {
          if (message.error) return reject(new Error(message.error));
          stage = 'watching';
          resolve(socket);
        } else if (message.type === 1 && message.target === 'Message') {
          const push = message.arguments[0];
          if (push.Code === 'MarketOdds') {
            const odds = JSON.parse(push.Data);
            record(odds.PublishedAt, receivedAtMs - odds.PublishedAt);
          }
        } else if (message.type === 7) {
          dropped++;
        }
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (stage !== 'watching') reject(new Error('closed before watching'));
    });
  });
}

/** Connects clients [from, to) in waves, so the server's accept backlog never limits the test. */
async function connect(from, to) {
  for (let next = from; next < to; next += concurrency) {
    const wave = [];
    for (let i = next; i < Math.min(to, next + concurrency); i++) wave.push(open(first + i));
    sockets.push(...(await Promise.all(wave)));
  }
}

// Half, then a pause for the parent to measure its memory, then the rest: the difference is
// what connections cost once the server is warm.
const half = Math.floor(count / 2);
await connect(0, half);
process.send({ type: 'half', connected: sockets.length });
await new Promise((resolve) => {
  const onMessage = (message) => {
    if (message.type !== 'continue') return;
    process.off('message', onMessage);
    resolve();
  };
  process.on('message', onMessage);
});
await connect(half, count);
const pinger = setInterval(() => {
  for (const socket of sockets) socket.send(`{"type":6}${RS}`);
}, PING_EVERY_MS);
process.send({ type: 'ready', connected: sockets.length });

process.on('message', (message) => {
  if (message.type === 'report') {
    const latencies = [];
    for (let i = 0; i < sampleCount; i++) {
      const publishedAtMs = samples[i * 2];
      if (publishedAtMs >= message.fromMs && publishedAtMs < message.toMs) {
        latencies.push(samples[i * 2 + 1]);
      }
    }
    process.send({ type: 'report', latencies, delivered: latencies.length, dropped });
  } else if (message.type === 'stop') {
    clearInterval(pinger);
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
