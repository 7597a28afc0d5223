// The crash benchmark's players, in a thread of their own so their sockets do not share the
// server's event loop: each opens the game's WebSocket, joins with its launch token, and, when
// told, bets once and later cashes out. Measures, on this thread's clock (the server's is the
// same machine's): each bet's time to its betAccepted, each cash-out's to its cashedOut (which
// comes once the win is credited), and each tick's delay from the server's `serverTime` to its
// arrival, at every player.
//
// This thread is the measuring instrument, so it does as little as it can per message: every
// tick reaches all 2,000 players (13,000 messages a second), and an answer that arrives while
// the thread is still reading a tick's copies is timed only when it is read. So it reads a tick's
// `serverTime` without parsing the rest, skips the broadcasts it does not measure unparsed, and
// leaves UTF-8 checking to the browsers it stands for. Its own event-loop delay is reported, so
// what is left of it in the figures can be seen.
import { parentPort, workerData } from 'node:worker_threads';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';

const { socketUrl, origin, tokens } = workerData;
// `creditFrom`: when the player's cash-out was sent, from its cashedOut until the balance after
// the win's credit comes.
const players = tokens.map((token, index) => ({
  index,
  token,
  ws: null,
  sentAt: new Map(),
  creditFrom: null,
}));
const results = { bets: [], cashOuts: [], credited: [], ticks: [], refused: {} };
let firstBetAt = 0;
let lastBetAt = 0;
let firstCashOutAt = 0;
let lastCashOutAt = 0;

const lag = monitorEventLoopDelay({ resolution: 1 });
const TICK = '{"type":"tick"';
const SERVER_TIME = '"serverTime":';
/** Broadcasts the players do not measure (the live list, the round's news, the hash chain). */
const UNMEASURED = ['{"type":"bets"', '{"type":"round"', '{"type":"chain"'];

function onMessage(player, text) {
  const now = performance.now();
  if (text.startsWith(TICK)) {
    const at = text.indexOf(SERVER_TIME);
    results.ticks.push(Date.now() - Number.parseInt(text.slice(at + SERVER_TIME.length), 10));
    return;
  }
  if (UNMEASURED.some((prefix) => text.startsWith(prefix))) return;
  const message = JSON.parse(text);
  switch (message.type) {
    case 'betAccepted': {
      const sent = player.sentAt.get(message.requestId);
      if (sent === undefined) break;
      results.bets.push(now - sent);
      lastBetAt = now;
      break;
    }
    case 'cashedOut': {
      const sent = player.sentAt.get(message.requestId ?? '');
      if (sent === undefined) break;
      results.cashOuts.push(now - sent);
      lastCashOutAt = now;
      player.creditFrom = sent;
      break;
    }
    case 'balance': {
      if (player.creditFrom === null) break;
      results.credited.push(now - player.creditFrom);
      player.creditFrom = null;
      break;
    }
    case 'betRefused':
    case 'refused':
    case 'error':
      results.refused[message.code] = (results.refused[message.code] ?? 0) + 1;
      break;
    default:
  }
}

async function connectAll() {
  let joined = 0;
  await Promise.all(
    players.map(
      (player) =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(socketUrl, {
            origin,
            perMessageDeflate: false,
            skipUTF8Validation: true,
          });
          player.ws = ws;
          ws.on('open', () => ws.send(JSON.stringify({ type: 'join', token: player.token })));
          ws.on('message', (data) => {
            const text = data.toString();
            if (text.startsWith('{"type":"welcome"')) {
              joined += 1;
              resolve();
            }
            onMessage(player, text);
          });
          ws.on('error', reject);
        }),
    ),
  );
  return joined;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

parentPort.on('message', async (command) => {
  if (command.type === 'connect') {
    const joined = await connectAll();
    parentPort.postMessage({ type: 'connected', joined });
  } else if (command.type === 'bet') {
    lag.enable();
    // Every player bets once, at a random moment of the window.
    firstBetAt = performance.now();
    await Promise.all(
      players.map(async (player) => {
        await sleep(Math.random() * command.overMs);
        const requestId = `${command.round}b${player.index}`;
        player.sentAt.set(requestId, performance.now());
        player.ws.send(
          JSON.stringify({ type: 'bet', requestId, slot: 1, amountMinor: command.amountMinor }),
        );
      }),
    );
    parentPort.postMessage({ type: 'betsSent' });
  } else if (command.type === 'cashOut') {
    firstCashOutAt = performance.now();
    await Promise.all(
      players.map(async (player) => {
        await sleep(Math.random() * command.overMs);
        const requestId = `${command.round}c${player.index}`;
        player.sentAt.set(requestId, performance.now());
        player.ws.send(JSON.stringify({ type: 'cashOut', requestId, slot: 1 }));
      }),
    );
    parentPort.postMessage({ type: 'cashOutsSent' });
  } else if (command.type === 'report') {
    lag.disable();
    parentPort.postMessage({
      type: 'report',
      lag: { p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
      ...results,
      betSeconds: (lastBetAt - firstBetAt) / 1000,
      cashOutSeconds: (lastCashOutAt - firstCashOutAt) / 1000,
    });
  } else if (command.type === 'reset') {
    // The warm-up round's figures, then a clean slate for the measured round.
    lag.disable();
    lag.reset();
    parentPort.postMessage({ type: 'reset', bets: results.bets, cashOuts: results.cashOuts });
    results.bets = [];
    results.cashOuts = [];
    results.credited = [];
    results.ticks = [];
    results.refused = {};
  } else if (command.type === 'close') {
    for (const player of players) player.ws?.close();
    parentPort.postMessage({ type: 'closed' });
  }
});
