import { describe, expect, it } from 'vitest';
import {
  LineBook,
  lineValue,
  parseThresholdKey,
  thresholdMarket,
  type LineOutput,
} from './line-book';
import { probabilityAbove, toFairProbabilities } from './probability';
import { Random } from './random';
import type { SessionLines } from './sport-match';
import type { FeedUpdate } from './types';

const SESSION = { key: 'fancy:6-over-runs:MI', name: '6 Over Runs MI' };

/** A session whose number is normal around `mean` (moved by the test), decided at `number`. */
function normalSession() {
  const state = { mean: 10, sd: 3, number: null as number | null };
  const lines: SessionLines = {
    sessions: [SESSION],
    atLeastChance: (_key, value) => probabilityAbove(value - 0.5, state.mean, state.sd),
    value: () => state.number,
  };
  return { state, lines };
}

/** Collects what a book publishes; every price is due. */
function collector() {
  const updates: FeedUpdate[] = [];
  const out: LineOutput = {
    externalId: 'sim-3-000001',
    publishable: (raw) => toFairProbabilities(raw),
    due: () => true,
    emit: (update) => updates.push(update),
  };
  /** The updates since the last call, as 'kind key' (the run value only). */
  const take = () =>
    updates.splice(0).map((update) => {
      if (update.kind === 'market') return `market ${update.market.key.split('@')[1]}`;
      if (update.kind === 'result')
        return `result ${update.marketKey.split('@')[1]}=${update.winner}`;
      return 'marketKey' in update
        ? `${update.kind} ${update.marketKey.split('@')[1]}`
        : update.kind;
    });
  return { out, take, updates };
}

const opening = [thresholdMarket(SESSION, 10), thresholdMarket(SESSION, 11)];

describe('lineValue', () => {
  it('finds V_no: reached at least half the time, V_no + 1 less, from any start', () => {
    const rng = new Random(9);
    for (let trial = 0; trial < 2_000; trial++) {
      const mean = rng.between(-20, 400);
      const sd = rng.between(0.2, 60);
      const atLeast = (value: number) => probabilityAbove(value - 0.5, mean, sd);
      const from = rng.int(-50, 600);
      const no = lineValue(atLeast, from);
      expect(no).toBeGreaterThanOrEqual(1);
      if (atLeast(1) >= 0.5) expect(atLeast(no)).toBeGreaterThanOrEqual(0.5);
      else expect(no).toBe(1);
      expect(atLeast(no + 1)).toBeLessThan(0.5);
    }
  });

  it('costs two looks when the line has not moved', () => {
    let looks = 0;
    const atLeast = (value: number) => {
      looks += 1;
      return probabilityAbove(value - 0.5, 84.2, 10);
    };
    expect(lineValue(atLeast, 84)).toBe(84);
    expect(looks).toBe(2);
  });
});

describe('a line book', () => {
  it('keys and names every run value of a session as one family', () => {
    const market = thresholdMarket(SESSION, 85);
    expect(market).toEqual({
      key: 'fancy:6-over-runs:MI@85',
      type: 'FANCY',
      name: '6 Over Runs MI',
      runners: ['Yes', 'No'],
      line: 84.5,
    });
    expect(parseThresholdKey(market.key)).toEqual({ sessionKey: SESSION.key, value: 85 });
    expect(parseThresholdKey('match_odds')).toBeNull();
  });

  it('quotes V_no and V_no + 1 as the line moves: withdraws, announces, quotes again', () => {
    const { state, lines } = normalSession();
    const { out, take } = collector();
    const book = new LineBook(lines, opening, 0);
    expect(book.owns(`${SESSION.key}@10`)).toBe(true);
    expect(book.owns('match_odds')).toBe(false);

    book.refresh(out, 0, 40_000);
    expect(take()).toEqual(['prices 10', 'prices 11']);

    state.mean = 12;
    book.refresh(out, 1_000, 40_000);
    expect(take()).toEqual([
      'withdraw 10',
      'withdraw 11',
      'market 12',
      'market 13',
      'prices 12',
      'prices 13',
    ]);

    // Back down a run: 11 is quoted again, with no new announcement.
    state.mean = 11;
    book.refresh(out, 2_000, 40_000);
    expect(take()).toEqual(['withdraw 13', 'prices 11', 'prices 12']);
  });

  it('prices a value again when it changes side, however little its chance moved', () => {
    const { state, lines } = normalSession();
    const { out, updates } = collector();
    // As the simulator does: a price moved less than half a point is not published again.
    out.due = (last, next) =>
      last === null || next.some((p, i) => Math.abs(p - (last[i] ?? 0)) >= 0.005);
    const book = new LineBook(lines, opening, 0);
    const latest = new Map<string, number>();
    const read = () => {
      for (const update of updates.splice(0)) {
        if (update.kind === 'prices') latest.set(update.marketKey, update.probabilities[0] ?? 0);
        if (update.kind === 'withdraw') latest.delete(update.marketKey);
      }
    };
    // 11 is Yes (just under even) and then, a hair later, No (just over): its published chance
    // must say so, or the house would go on offering Yes where the line says No.
    state.mean = 10.49;
    book.refresh(out, 0, 40_000);
    read();
    expect(latest.get(`${SESSION.key}@11`)).toBeLessThan(0.5);
    state.mean = 10.51;
    book.refresh(out, 1_000, 40_000);
    read();
    expect(latest.get(`${SESSION.key}@11`)).toBeGreaterThanOrEqual(0.5);
    expect(latest.get(`${SESSION.key}@12`)).toBeLessThan(0.5);
  });

  it('holds the line while suspended and moves it as the session reopens', () => {
    const { state, lines } = normalSession();
    const { out, take, updates } = collector();
    const book = new LineBook(lines, opening, 0);
    book.refresh(out, 0, 40_000);
    take();

    expect(book.suspend(out, SESSION.key, 'Ball running', 5_000)).toBe(true);
    expect(take()).toEqual(['suspend 10', 'suspend 11']);
    expect(updates).toEqual([]);
    state.mean = 14;
    book.refresh(out, 2_000, 40_000);
    book.resume(out, SESSION.key, 4_999);
    expect(take()).toEqual([]);

    book.resume(out, SESSION.key, 5_000);
    expect(take()).toEqual([
      'withdraw 10',
      'withdraw 11',
      'market 14',
      'market 15',
      'resume 10',
      'resume 11',
      'prices 14',
      'prices 15',
    ]);
    // A value kept reopens on fresh prices.
    book.suspend(out, SESSION.key, 'Wicket', 9_000);
    take();
    state.mean = 14.3;
    book.resume(out, SESSION.key, 9_000);
    expect(take()).toEqual(['prices 14', 'resume 14', 'prices 15', 'resume 15']);
  });

  it('settles every value it ever quoted on the session’s number, once', () => {
    const { state, lines } = normalSession();
    const { out, take } = collector();
    const book = new LineBook(lines, opening, 0);
    state.mean = 14;
    book.refresh(out, 0, 40_000);
    take();
    state.number = 13;
    book.settle(out, SESSION.key);
    expect(take()).toEqual(['result 10=0', 'result 11=0', 'result 14=1', 'result 15=1']);
    book.settle(out, SESSION.key);
    book.settleAll(out, false);
    expect(book.suspend(out, SESSION.key, 'Wicket', 1_000)).toBe(false);
    expect(take()).toEqual([]);

    const voided = new LineBook(lines, opening, 0);
    voided.settleAll(out, true);
    expect(take()).toEqual(['result 10=null', 'result 11=null']);
  });

  it('goes on from what it saved exactly as it would have', () => {
    const { state, lines } = normalSession();
    const first = collector();
    const book = new LineBook(lines, opening, 0);
    for (const [atMs, mean] of [
      [1_000, 13],
      [2_000, 9],
    ] as const) {
      state.mean = mean;
      book.refresh(first.out, atMs, 40_000);
    }
    book.suspend(first.out, SESSION.key, 'Wicket', 9_000);
    const saved = JSON.parse(JSON.stringify(book.save())) as ReturnType<LineBook['save']>;
    const restored = new LineBook(lines, opening, 0);
    restored.load(saved);
    expect(restored.save()).toEqual(saved);

    const second = collector();
    first.take();
    for (const [target, out] of [
      [book, first.out],
      [restored, second.out],
    ] as const) {
      state.mean = 16;
      target.resume(out, SESSION.key, 9_000);
      state.mean = 10;
      target.refresh(out, 10_000, 40_000);
      state.number = 12;
      target.settle(out, SESSION.key);
    }
    expect(second.take()).toEqual(first.take());
    expect(() => restored.load([{ ...saved[0], key: 'fancy:nope:MI' } as never])).toThrow(
      /unknown session/,
    );
  });

  it('pictures a session: values added since announced, withdrawn ones said so', () => {
    const { state, lines } = normalSession();
    const { out, take } = collector();
    const book = new LineBook(lines, opening, 0);
    state.mean = 12;
    book.refresh(out, 0, 40_000);
    book.suspend(out, SESSION.key, 'Ball running', 3_000);
    take();
    book.picture(out, 1_000, new Set(opening.map((market) => market.key)));
    expect(take()).toEqual([
      'market 12',
      'market 13',
      'withdraw 10',
      'withdraw 11',
      'prices 12',
      'suspend 12',
      'prices 13',
      'suspend 13',
    ]);
  });
});
