/**
 * The chunked fan-out with fake connections, a chunk of 2 and a hand-driven schedule: a chunk
 * per step, every connection once, messages of one turn in one write, and each connection's
 * messages in the order they were sent (a message to one connection, or a new fan-out, never
 * overtakes what the fan-out still owes it).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ChunkedFanOut,
  FAN_OUT_PAUSE_MS,
  type FanOutConnection,
  type FanOutMessage,
} from './studio-fan-out';

interface Fake extends FanOutConnection {
  /** Each write, its messages joined by `+`. */
  writes: string[];
}

function fakeConnections(count: number): Fake[] {
  return Array.from({ length: count }, () => ({ fanOutDue: false, writes: [] }));
}

function writeFake(connection: Fake, messages: readonly FanOutMessage[]): void {
  connection.writes.push(messages.map((m) => m.data.toString()).join('+'));
}

function setUp(count: number, chunk = 2) {
  const connections = fakeConnections(count);
  const steps: (() => void)[] = [];
  /** Whether each step asked to be paced, in the order they were scheduled. */
  const pacing: boolean[] = [];
  const fanOut = new ChunkedFanOut<Fake>(writeFake, chunk, (step, paced) => {
    steps.push(step);
    pacing.push(paced);
  });
  /** Runs the next scheduled step; false when none was waiting. */
  const runStep = () => {
    const step = steps.shift();
    step?.();
    return step !== undefined;
  };
  const runAll = () => {
    while (runStep());
  };
  /** What a message to one connection does: what the fan-out owes it first. */
  const sendOne = (connection: Fake, text: string) => {
    fanOut.before(connection);
    connection.writes.push(text);
  };
  return { connections, fanOut, runStep, runAll, sendOne, pacing };
}

/** A message; a droppable one here stands for a tick, urgent too; the others a round's news. */
const message = (text: string, droppable = false): FanOutMessage => ({
  data: Buffer.from(text),
  droppable,
  pace: droppable ? 'urgent' : 'paced',
});

/** The live list's changes: background. */
const liveList = (text: string): FanOutMessage => ({
  data: Buffer.from(text),
  droppable: false,
  pace: 'background',
});

describe('the chunked fan-out', () => {
  it('writes a chunk per step, each connection once', () => {
    const { connections, fanOut, runStep } = setUp(5);
    fanOut.spread(message('tick1', true), connections);
    expect(connections.map((c) => c.writes.length)).toEqual([0, 0, 0, 0, 0]);
    expect(runStep()).toBe(true);
    expect(connections.map((c) => c.writes.length)).toEqual([1, 1, 0, 0, 0]);
    expect(fanOut.busy()).toBe(true);
    expect(runStep()).toBe(true);
    expect(connections.map((c) => c.writes.length)).toEqual([1, 1, 1, 1, 0]);
    expect(runStep()).toBe(true);
    expect(connections.map((c) => c.writes)).toEqual(connections.map(() => ['tick1']));
    expect(fanOut.busy()).toBe(false);
    // Nothing more is scheduled once every connection has it.
    expect(runStep()).toBe(false);
  });

  it('sends what it owes first to a connection it has not reached yet, and not twice', () => {
    const { connections, fanOut, runStep, runAll, sendOne } = setUp(6);
    fanOut.spread(message('tick1', true), connections);
    runStep();
    const early = connections[0] as Fake;
    const late = connections[5] as Fake;
    sendOne(late, 'betAccepted');
    sendOne(early, 'cashedOut');
    expect(late.writes).toEqual(['tick1', 'betAccepted']);
    expect(early.writes).toEqual(['tick1', 'cashedOut']);
    runAll();
    expect(late.writes).toEqual(['tick1', 'betAccepted']);
    expect(connections.map((c) => c.writes.filter((w) => w === 'tick1').length)).toEqual([
      1, 1, 1, 1, 1, 1,
    ]);
  });

  it('writes the messages of one turn to each connection together, in order', () => {
    const { connections, fanOut, runAll } = setUp(5);
    fanOut.spread(message('bets'), connections);
    fanOut.spread(message('tick1', true), connections);
    runAll();
    for (const connection of connections) expect(connection.writes).toEqual(['bets+tick1']);
  });

  it('starts a new fan-out once a connection got the waiting messages', () => {
    const { connections, fanOut, runAll, sendOne } = setUp(5);
    const first = connections[0] as Fake;
    fanOut.spread(message('bets'), connections);
    sendOne(first, 'betAccepted');
    fanOut.spread(message('tick1', true), connections);
    runAll();
    expect(first.writes).toEqual(['bets', 'betAccepted', 'tick1']);
    for (const connection of connections.slice(1)) {
      expect(connection.writes).toEqual(['bets', 'tick1']);
    }
  });

  it('finishes the last fan-out before the next one, to other connections, starts', () => {
    const { connections, fanOut, runStep, runAll } = setUp(5);
    fanOut.spread(message('tick1', true), connections);
    runStep();
    fanOut.spread(message('round'), connections.slice(0, 3));
    runAll();
    expect(connections.map((c) => c.writes)).toEqual([
      ['tick1', 'round'],
      ['tick1', 'round'],
      ['tick1', 'round'],
      ['tick1'],
      ['tick1'],
    ]);
  });

  it('writes everything still owed on finish; a connection not addressed gets nothing', () => {
    const { connections, fanOut, runAll, sendOne } = setUp(5);
    const [outsider, ...rest] = connections as [Fake, ...Fake[]];
    fanOut.spread(message('tick1', true), rest);
    sendOne(outsider, 'welcome');
    fanOut.finish();
    expect(outsider.writes).toEqual(['welcome']);
    for (const connection of rest) expect(connection.writes).toEqual(['tick1']);
    expect(fanOut.busy()).toBe(false);
    runAll();
    for (const connection of rest) expect(connection.writes).toEqual(['tick1']);
  });

  it('refuses a chunk below 1', () => {
    expect(() => new ChunkedFanOut<Fake>(() => undefined, 0)).toThrow(RangeError);
  });

  describe('on its own schedule', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    function timed(count: number) {
      vi.useFakeTimers();
      const connections = fakeConnections(count);
      const fanOut = new ChunkedFanOut<Fake>(writeFake, 2);
      return { connections, fanOut, written: () => connections.map((c) => c.writes.length) };
    }

    it('pauses between the chunks of what is not urgent, so other work gets the cores', () => {
      const { connections, fanOut, written } = timed(5);
      fanOut.spread(message('bets'), connections);
      // The first chunk once the event loop has done its other work, the next after a pause.
      vi.advanceTimersByTime(0);
      expect(written()).toEqual([1, 1, 0, 0, 0]);
      vi.advanceTimersByTime(FAN_OUT_PAUSE_MS - 1);
      expect(written()).toEqual([1, 1, 0, 0, 0]);
      vi.advanceTimersByTime(1);
      expect(written()).toEqual([1, 1, 1, 1, 0]);
      vi.advanceTimersByTime(FAN_OUT_PAUSE_MS);
      expect(written()).toEqual([1, 1, 1, 1, 1]);
      expect(fanOut.busy()).toBe(false);
      expect(vi.getTimerCount()).toBe(0);
    });

    it('writes a tick chunk after chunk, without pauses, with what joined it', () => {
      const { connections, fanOut, runAll, pacing } = setUp(5);
      fanOut.spread(message('bets'), connections);
      fanOut.spread(message('tick1', true), connections);
      runAll();
      expect(pacing.splice(0)).toEqual([false, false, false]);
      expect(connections.map((c) => c.writes)).toEqual(connections.map(() => ['bets+tick1']));
      // The same live list's changes alone: a pause before each chunk after the first.
      fanOut.spread(message('bets'), connections);
      runAll();
      expect(pacing.splice(0)).toEqual([false, true, true]);
    });

    it('spreads the background in smaller chunks with pauses; with others, at the most urgent pace', () => {
      // Chunks of 10, so background chunks of 2.
      const { connections, fanOut, runStep, runAll, pacing } = setUp(7, 10);
      fanOut.spread(liveList('bets'), connections);
      runStep();
      expect(connections.map((c) => c.writes.length)).toEqual([1, 1, 0, 0, 0, 0, 0]);
      runAll();
      expect(pacing.splice(0)).toEqual([false, true, true, true]);
      expect(connections.map((c) => c.writes)).toEqual(connections.map(() => ['bets']));
      // With a round's news: paced, in whole chunks.
      fanOut.spread(liveList('bets2'), connections);
      fanOut.spread(message('round'), connections);
      runAll();
      expect(pacing.splice(0)).toEqual([false]);
      expect(connections.map((c) => c.writes[1])).toEqual(connections.map(() => 'bets2+round'));
      // With a tick: urgent.
      fanOut.spread(liveList('bets3'), connections);
      fanOut.spread(message('tick1', true), connections);
      runAll();
      expect(pacing.splice(0)).toEqual([false]);
      expect(connections.map((c) => c.writes[2])).toEqual(connections.map(() => 'bets3+tick1'));
    });

    it('writes a background chunk of at least one connection', () => {
      const { connections, fanOut, runStep } = setUp(3, 1);
      fanOut.spread(liveList('bets'), connections);
      runStep();
      expect(connections.map((c) => c.writes.length)).toEqual([1, 0, 0]);
    });
  });
});
