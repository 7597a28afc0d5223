// The load side of the login benchmark: every player logs in at once, round after round.
import { parentPort, workerData } from 'node:worker_threads';

const { address, userNames, password, rounds } = workerData;

async function login(userName) {
  const started = performance.now();
  const res = await fetch(`${address}/api/Account/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userNameOrEmailAddress: userName, password }),
  });
  const body = await res.json();
  if (!body.success) throw new Error(`login failed for ${userName}`);
  return performance.now() - started;
}

// One round to warm up, not measured.
await Promise.all(userNames.map(login));
const latencies = [];
const started = performance.now();
for (let round = 0; round < rounds; round++) {
  latencies.push(...(await Promise.all(userNames.map(login))));
}
parentPort?.postMessage({ latencies, elapsedS: (performance.now() - started) / 1000 });
