import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SPORTS } from './fixtures';
import { createSimulator } from './index';
import { Random } from './random';

const GOLDEN = '/tmp/sim-golden.json';

function feedDigest(): Record<string, string> {
  const out: Record<string, string> = {};
  const start = new Date('2025-03-01T12:00:00Z');
  for (const seed of [1, 2025, 77]) {
    const sim = createSimulator({ seed, start, pace: 30 });
    const updates = [];
    for (let m = 1; m <= 24 * 60; m += 3) updates.push(sim.advance(new Date(start.getTime() + m * 60_000)));
    out[`feed-${seed}`] = createHash('sha256').update(JSON.stringify(updates)).digest('hex');
  }
  for (const sport of SPORTS) {
    const log: unknown[] = [];
    for (let seed = 1; seed <= 40; seed++) {
      const created = sport.createFixture({ rng: new Random(seed), startAt: start, busyNames: new Set() });
      const { match, ...rest } = created;
      log.push(rest);
      match.drift();
      for (let i = 0; i < 5000; i++) {
        const o = match.play();
        log.push(o, match.scoreboard(), created.markets.map((mk) => match.probabilities(mk.key)));
        if (o.nextPlayInSeconds === null) break;
      }
      log.push(created.markets.map((mk) => match.winner(mk.key)));
    }
    out[`sport-${sport.sportId}`] = createHash('sha256').update(JSON.stringify(log)).digest('hex');
  }
  return out;
}

it('matches the golden digest', () => {
  const digest = feedDigest();
  if (!existsSync(GOLDEN)) writeFileSync(GOLDEN, JSON.stringify(digest, null, 2));
  expect(digest).toEqual(JSON.parse(readFileSync(GOLDEN, 'utf8')));
}, 120_000);
