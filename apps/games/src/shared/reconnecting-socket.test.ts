import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../crash/test/fake-socket';
import {
  ReconnectingSocket,
  RECONNECT_DELAYS_MS,
  SILENCE_LIMIT_MS,
  type SocketStatus,
} from './reconnecting-socket';

let statuses: SocketStatus[];
let opens: number;
let messages: unknown[];

function connect() {
  const socket = new ReconnectingSocket({
    url: 'ws://studio/ws',
    createSocket: (url) => new FakeSocket(url),
    onOpen: () => opens++,
    onMessage: (message) => messages.push(message),
    onStatus: (status) => statuses.push(status),
  });
  socket.start();
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  statuses = [];
  opens = 0;
  messages = [];
});
afterEach(() => vi.useRealTimers());

describe('the studio connection', () => {
  it('waits longer after each failed attempt, then keeps trying at the last wait', () => {
    connect();
    const waits: number[] = [];
    for (let attempt = 0; attempt < RECONNECT_DELAYS_MS.length + 2; attempt++) {
      const made = FakeSocket.made.length;
      FakeSocket.latest().close();
      let waited = 0;
      while (FakeSocket.made.length === made) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    // Each wait is the named delay (to the 100 ms step of this test), the first at once.
    expect(waits).toEqual([100, 1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
    expect(statuses.at(-1)).toBe('reconnecting');
  });

  it('says hello again on every open, and starts its waits afresh after one', () => {
    connect();
    FakeSocket.latest().open();
    FakeSocket.latest().close();
    vi.advanceTimersByTime(0);
    FakeSocket.latest().open();
    expect(opens).toBe(2);
    FakeSocket.latest().close();
    vi.advanceTimersByTime(0);
    expect(FakeSocket.made).toHaveLength(3);
    expect(statuses).toEqual([
      'connecting',
      'open',
      'reconnecting',
      'reconnecting',
      'open',
      'reconnecting',
      'reconnecting',
    ]);
  });

  it('closes a connection that has gone silent and opens a new one', () => {
    connect();
    const first = FakeSocket.latest();
    first.open();
    vi.advanceTimersByTime(SILENCE_LIMIT_MS - 1_000);
    first.receive({ type: 'balance', balanceMinor: 1 });
    vi.advanceTimersByTime(SILENCE_LIMIT_MS - 1_000);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(first.readyState).toBe(3);
    vi.advanceTimersByTime(10);
    expect(FakeSocket.made).toHaveLength(2);
    expect(messages).toEqual([{ type: 'balance', balanceMinor: 1 }]);
  });

  it('sends only while open, and stops for good when stopped', () => {
    const socket = connect();
    expect(socket.send({ type: 'ping' })).toBe(false);
    FakeSocket.latest().open();
    expect(socket.send({ type: 'ping' })).toBe(true);
    socket.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(statuses.at(-1)).toBe('closed');
  });
});
