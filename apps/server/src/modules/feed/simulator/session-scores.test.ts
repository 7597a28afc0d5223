import { describe, expect, it } from 'vitest';
import { createSimulator, type FeedScore, type FeedUpdate } from './index';

const START = new Date('2025-03-01T12:00:00Z');
const HOUR_MS = 3_600_000;

/** Every update of a simulator run from START for `hours`, advanced 30 simulated seconds at a time. */
function updatesOf(hours: number): FeedUpdate[] {
  const simulator = createSimulator({ seed: 77, start: START });
  const updates: FeedUpdate[] = [];
  for (let atMs = START.getTime(); atMs < START.getTime() + hours * HOUR_MS; atMs += 30_000) {
    updates.push(...simulator.advance(new Date(atMs)));
  }
  return updates;
}

describe('the score of a match with sessions', () => {
  const updates = updatesOf(10);
  const cricket = new Set(
    updates.flatMap((u) =>
      u.kind === 'fixture' && u.fixture.sportId === 3 ? [u.fixture.externalId] : [],
    ),
  );
  const lastScore = new Map<string, FeedScore>();
  for (const u of updates) if (u.kind === 'score') lastScore.set(u.externalId, u.score);

  it('says where each session stands, and a decided session stands where its markets settled', () => {
    let checked = 0;
    for (const u of updates) {
      if (u.kind !== 'result' || !cricket.has(u.externalId)) continue;
      const at = u.marketKey.lastIndexOf('@');
      if (!u.marketKey.startsWith('fancy:') || at < 0) continue;
      const sessionKey = u.marketKey.slice(0, at);
      const runValue = Number(u.marketKey.slice(at + 1));
      const session = lastScore.get(u.externalId)?.sessions?.find((s) => s.key === sessionKey);
      expect(session, u.marketKey).toBeDefined();
      if (session?.value === null || session === undefined) {
        // A session whose side never batted is void.
        expect(u.winner, u.marketKey).toBeNull();
        continue;
      }
      // Yes (runner 0) wins a run value the session reached.
      expect(u.winner, `${u.marketKey} at ${session.value}`).toBe(
        session.value >= runValue ? 0 : 1,
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('gives no sessions to sports that have none', () => {
    const others = [...lastScore].filter(([id]) => !cricket.has(id));
    expect(others.length).toBeGreaterThan(0);
    for (const [id, score] of others) expect(score.sessions, id).toBeUndefined();
  });
});
