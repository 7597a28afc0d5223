/**
 * In-process matching benchmark for one runner's order book.
 *
 * Method:
 * 1. A seeded generator (mulberry32) drives a scratch fast book to build a realistic op stream
 *    (new passive orders, cancels of live orders, aggressive orders that match), recorded into
 *    typed arrays. Driving a real book is what lets cancels target live orders and aggressive
 *    orders cross the actual best price.
 * 2. Throughput: a fresh book replays the warm-up prefix untimed, then the measured ops are
 *    timed as one block (no per-op timer). Repeated, median reported, checked against budget.
 * 3. Latency: another fresh book replays the same stream with each measured op timed on its
 *    own with performance.now(); the timer's own cost is measured and printed, and is included
 *    in the figures (so they are slight overestimates).
 * 4. The naive reference book replays a shorter prefix for contrast, and its fills are checked
 *    against the fast book's on the same prefix.
 *
 * The replayer reuses one events array, as the book's API allows, and empties it only once it
 * holds more than EVENTS_FLUSH_AT events, reading each op's own events from where that op began.
 * (It used to empty it before every op, but V8 frees an array's storage when its length is set
 * to 0, so every op then paid for a fresh backing store: about 25 ns of harness per op, a fifth
 * of what was timed.) Every book still gets exactly the same calls, and the cross-check tallies
 * exactly the same fills.
 *
 * Run from the repo root: npx tsx bench/exchange/matching.bench.ts
 */

import { clampTick } from '@backlay/exchange/ladder';
import { createOrderBook } from '@backlay/exchange/order-book';
import { NaiveOrderBook } from '@backlay/exchange/naive-order-book';
import type { BookEvent, OrderBook, Persistence, Side } from '@backlay/exchange/order';

const SEED = 0x5eed_2024;
const WARMUP_OPS = 200_000;
const MEASURED_OPS = 1_000_000;
const NAIVE_OPS = 20_000;
const THROUGHPUT_RUNS = 3;
const BUDGET_OPS_PER_SECOND = 300_000;
/** The replayer's events array is emptied once it holds more than this (see the header). */
const EVENTS_FLUSH_AT = 1_024;
const MIN_STAKE_MINOR = 100;
/** Resting-book size the generator steers toward, so the book neither drains nor explodes. */
const TARGET_RESTING = 4_000;
const MID_TICK = 150;

const OP_NEW = 0;
const OP_CANCEL = 1;
const OP_MATCH = 2;
const OP_NAMES = ['new', 'cancel', 'match'] as const;

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface OpStream {
  readonly length: number;
  readonly kind: Uint8Array;
  readonly orderId: Int32Array;
  readonly side: Uint8Array;
  readonly tick: Int16Array;
  readonly stakeMinor: Int32Array;
  readonly owner: Int32Array;
  readonly lapse: Uint8Array;
}

/** Tracks live order ids with O(1) add, remove and random pick. */
class LiveSet {
  private readonly ids: number[] = [];
  private readonly slots = new Map<number, number>();
  get size(): number {
    return this.ids.length;
  }
  add(id: number): void {
    this.slots.set(id, this.ids.length);
    this.ids.push(id);
  }
  remove(id: number): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    const last = this.ids.pop() as number;
    if (last !== id) {
      this.ids[slot] = last;
      this.slots.set(last, slot);
    }
    this.slots.delete(id);
  }
  pick(random: () => number): number {
    return this.ids[Math.floor(random() * this.ids.length)] as number;
  }
}

function generateStream(count: number, seed: number): OpStream {
  const random = mulberry32(seed);
  const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const stream: OpStream = {
    length: count,
    kind: new Uint8Array(count),
    orderId: new Int32Array(count),
    side: new Uint8Array(count),
    tick: new Int16Array(count),
    stakeMinor: new Int32Array(count),
    owner: new Int32Array(count),
    lapse: new Uint8Array(count),
  };
  const book = createOrderBook({ runnerId: 'sim', minStakeMinor: MIN_STAKE_MINOR });
  const live = new LiveSet();
  const events: BookEvent[] = [];
  let nextId = 1;

  for (let index = 0; index < count; index++) {
    const newShare = live.size < TARGET_RESTING ? 0.6 : 0.4;
    const roll = random();
    let kind =
      roll < newShare ? OP_NEW : roll < newShare + (1 - newShare) / 2 ? OP_CANCEL : OP_MATCH;
    const side = random() < 0.5 ? 0 : 1; // 0 back, 1 lay
    const lowestBack = book.bestTick('back');
    const highestLay = book.bestTick('lay');
    if (kind === OP_CANCEL && live.size === 0) kind = OP_NEW;
    if (kind === OP_MATCH && (side === 0 ? highestLay : lowestBack) === undefined) kind = OP_NEW;

    events.length = 0;
    stream.kind[index] = kind;
    if (kind === OP_CANCEL) {
      const id = live.pick(random);
      stream.orderId[index] = id;
      book.cancel(id, events);
    } else {
      let tick: number;
      let stakeMinor: number;
      if (kind === OP_NEW) {
        // Passive: strictly outside the opposite best so it rests without matching.
        tick =
          side === 0
            ? Math.max((highestLay ?? MID_TICK - 1) + 1, MID_TICK - 3 + int(0, 12))
            : Math.min((lowestBack ?? MID_TICK + 1) - 1, MID_TICK + 3 - int(0, 12));
        stakeMinor = int(MIN_STAKE_MINOR, 5_000);
      } else {
        // Aggressive: at or through the opposite best, sized to take one to a few makers.
        tick = side === 0 ? (highestLay as number) - int(0, 2) : (lowestBack as number) + int(0, 2);
        stakeMinor = int(MIN_STAKE_MINOR, 8_000);
      }
      tick = clampTick(tick);
      const id = nextId++;
      stream.orderId[index] = id;
      stream.side[index] = side;
      stream.tick[index] = tick;
      stream.stakeMinor[index] = stakeMinor;
      stream.owner[index] = int(1, 500);
      stream.lapse[index] = random() < 0.2 ? 1 : 0;
      const code = book.place(
        {
          id,
          ownerId: stream.owner[index] as number,
          side: side === 0 ? 'back' : 'lay',
          priceTick: tick,
          stakeMinor,
          persistence: stream.lapse[index] === 1 ? 'lapse' : 'keep',
        },
        events,
      );
      if (code !== 'ok') throw new Error(`generator produced a rejected order: ${code}`);
    }
    for (const event of events) {
      if (event.type === 'placed') {
        live.add(event.orderId as number);
      } else if (event.type === 'matched') {
        if (event.makerRemainingMinor === 0) live.remove(event.makerOrderId as number);
        if (event.takerRemainingMinor === 0) live.remove(event.takerOrderId as number);
      } else if (event.type === 'cancelled') {
        live.remove(event.orderId as number);
      }
    }
  }
  return stream;
}

/** One reusable request object: the books copy fields out and never retain it. */
interface ScratchRequest {
  id: number;
  ownerId: number;
  side: Side;
  priceTick: number;
  stakeMinor: number;
  persistence: Persistence;
}

function makeReplayer(book: OrderBook, stream: OpStream) {
  const request: ScratchRequest = {
    id: 0,
    ownerId: 0,
    side: 'back',
    priceTick: 0,
    stakeMinor: 0,
    persistence: 'keep',
  };
  const events: BookEvent[] = [];
  let fills = 0;
  let matchedMinor = 0;
  return {
    /** Applies one op, tallying its fills for the cross-check. */
    apply(index: number): void {
      if (events.length > EVENTS_FLUSH_AT) events.length = 0;
      const first = events.length;
      if (stream.kind[index] === OP_CANCEL) {
        book.cancel(stream.orderId[index] as number, events);
        return;
      }
      request.id = stream.orderId[index] as number;
      request.ownerId = stream.owner[index] as number;
      request.side = stream.side[index] === 0 ? 'back' : 'lay';
      request.priceTick = stream.tick[index] as number;
      request.stakeMinor = stream.stakeMinor[index] as number;
      request.persistence = stream.lapse[index] === 1 ? 'lapse' : 'keep';
      if (book.place(request, events) !== 'ok') throw new Error(`replay rejected op ${index}`);
      for (let e = first; e < events.length; e++) {
        const event = events[e] as BookEvent;
        if (event.type === 'matched') {
          fills++;
          matchedMinor += event.stakeMinor;
        }
      }
    },
    totals(): { fills: number; matchedMinor: number } {
      return { fills, matchedMinor };
    },
  };
}

function freshFastBook(): OrderBook {
  return createOrderBook({ runnerId: 'bench', minStakeMinor: MIN_STAKE_MINOR });
}

function throughput(create: () => OrderBook, stream: OpStream, from: number, to: number) {
  const book = create();
  const replay = makeReplayer(book, stream);
  for (let index = 0; index < from; index++) replay.apply(index);
  const start = performance.now();
  for (let index = from; index < to; index++) replay.apply(index);
  const seconds = (performance.now() - start) / 1_000;
  return { opsPerSecond: (to - from) / seconds, seconds, resting: book.restingCount, replay };
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.floor(fraction * sorted.length));
  return sorted[index] as number;
}

function latencies(create: () => OrderBook, stream: OpStream, from: number, to: number) {
  const book = create();
  const replay = makeReplayer(book, stream);
  for (let index = 0; index < from; index++) replay.apply(index);
  const perKind = OP_NAMES.map(() => new Float64Array(to - from));
  const counts = [0, 0, 0];
  for (let index = from; index < to; index++) {
    const start = performance.now();
    replay.apply(index);
    const elapsedNs = (performance.now() - start) * 1e6;
    const kind = stream.kind[index] as number;
    (perKind[kind] as Float64Array)[counts[kind] as number] = elapsedNs;
    counts[kind] = (counts[kind] as number) + 1;
  }
  return OP_NAMES.map((name, kind) => {
    const samples = (perKind[kind] as Float64Array).subarray(0, counts[kind]).sort();
    return {
      name,
      count: counts[kind] as number,
      p50: percentile(samples, 0.5),
      p99: percentile(samples, 0.99),
    };
  });
}

function timerOverheadNs(): number {
  const samples = new Float64Array(200_000);
  for (let index = 0; index < samples.length; index++) {
    const start = performance.now();
    samples[index] = (performance.now() - start) * 1e6;
  }
  return percentile(samples.sort(), 0.5);
}

function formatRate(opsPerSecond: number): string {
  return Math.round(opsPerSecond).toLocaleString('en-GB');
}

function printLatencies(rows: ReturnType<typeof latencies>): void {
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(7)} n=${String(row.count).padStart(8)}  p50=${row.p50.toFixed(0).padStart(6)} ns  p99=${row.p99.toFixed(0).padStart(7)} ns`,
    );
  }
}

function main(): void {
  const total = WARMUP_OPS + MEASURED_OPS;
  const generationStart = performance.now();
  const stream = generateStream(total, SEED);
  const mix = [0, 0, 0];
  for (let index = WARMUP_OPS; index < total; index++) {
    const kind = stream.kind[index] as number;
    mix[kind] = (mix[kind] as number) + 1;
  }
  console.log(`Exchange matching benchmark (seed 0x${SEED.toString(16)})`);
  console.log(
    `  stream: ${WARMUP_OPS.toLocaleString('en-GB')} warm-up + ${MEASURED_OPS.toLocaleString('en-GB')} measured ops, generated in ${((performance.now() - generationStart) / 1_000).toFixed(2)} s`,
  );
  console.log(
    `  measured mix: ${OP_NAMES.map((name, kind) => `${name} ${(((mix[kind] as number) / MEASURED_OPS) * 100).toFixed(1)}%`).join(', ')}`,
  );

  console.log('\nFast book: throughput (whole measured block timed once)');
  const runs = [];
  for (let run = 0; run < THROUGHPUT_RUNS; run++) {
    const result = throughput(freshFastBook, stream, WARMUP_OPS, total);
    runs.push(result);
    console.log(
      `  run ${run + 1}: ${formatRate(result.opsPerSecond)} ops/s (${result.seconds.toFixed(3)} s, ${result.resting} resting at end)`,
    );
  }
  const sortedRates = runs.map((run) => run.opsPerSecond).sort((a, b) => a - b);
  const median = sortedRates[Math.floor(sortedRates.length / 2)] as number;
  const totals = runs[0]?.replay.totals();
  console.log(`  fills: ${totals?.fills.toLocaleString('en-GB')} over warm-up + measured`);

  const overhead = timerOverheadNs();
  console.log(
    `\nFast book: per-op latency (each op timed alone with performance.now(); includes ~${overhead.toFixed(0)} ns timer cost)`,
  );
  printLatencies(latencies(freshFastBook, stream, WARMUP_OPS, total));

  console.log(
    `\nNaive reference book (contrast only, no budget): ${NAIVE_OPS.toLocaleString('en-GB')} ops`,
  );
  const naiveWarmup = Math.floor(NAIVE_OPS / 5);
  const naive = throughput(
    () => new NaiveOrderBook({ runnerId: 'bench', minStakeMinor: MIN_STAKE_MINOR }),
    stream,
    naiveWarmup,
    NAIVE_OPS,
  );
  console.log(`  ${formatRate(naive.opsPerSecond)} ops/s (${naive.seconds.toFixed(3)} s)`);
  printLatencies(
    latencies(
      () => new NaiveOrderBook({ runnerId: 'bench', minStakeMinor: MIN_STAKE_MINOR }),
      stream,
      naiveWarmup,
      NAIVE_OPS,
    ),
  );
  const fastPrefix = throughput(freshFastBook, stream, 0, NAIVE_OPS).replay.totals();
  const naivePrefix = naive.replay.totals();
  const agree =
    fastPrefix.fills === naivePrefix.fills && fastPrefix.matchedMinor === naivePrefix.matchedMinor;
  console.log(
    `  cross-check on the same ${NAIVE_OPS.toLocaleString('en-GB')} ops: fast ${fastPrefix.fills} fills / ${fastPrefix.matchedMinor} minor, naive ${naivePrefix.fills} fills / ${naivePrefix.matchedMinor} minor: ${agree ? 'agree' : 'DISAGREE'}`,
  );

  const pass = median >= BUDGET_OPS_PER_SECOND && agree;
  console.log(
    `\nBudget: >= ${formatRate(BUDGET_OPS_PER_SECOND)} ops/s on the fast book; median ${formatRate(median)} ops/s: ${pass ? 'PASS' : 'FAIL'}`,
  );
  if (!pass) process.exitCode = 1;
}

main();
