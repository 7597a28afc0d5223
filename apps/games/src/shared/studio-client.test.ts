import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../crash/test/fake-socket';
import {
  PING_INTERVAL_MS,
  REQUEST_TIMEOUT_MS,
  StudioClient,
  type StudioEvent,
} from './studio-client';

/** A game of the smallest kind: its state counts what it heard, its one request is `poke`. */
interface State {
  status: string;
  fatal: string | null;
  pending: string[];
  pokes: number;
}
type In =
  | { type: 'poked'; serverTime: number }
  | { type: 'error'; code: string; message: string; fatal: boolean };
type Event = In | StudioEvent | { type: 'sent' | 'unanswered'; requestId: string };

const reducer = (state: State, event: Event): State => {
  switch (event.type) {
    case 'connection':
      return { ...state, status: event.status };
    case 'error':
      return event.fatal ? { ...state, fatal: event.message } : state;
    case 'poked':
      return { ...state, pokes: state.pokes + 1 };
    case 'sent':
      return { ...state, pending: [...state.pending, event.requestId] };
    case 'unanswered':
      return { ...state, pending: state.pending.filter((id) => id !== event.requestId) };
    default:
      return state;
  }
};
const read = (value: unknown): In | null =>
  typeof value === 'object' && value !== null && 'type' in value ? (value as In) : null;

class PokeClient extends StudioClient<State, Event, { type: 'poke'; requestId: string }, In> {
  heard: string[] = [];
  constructor(token: string) {
    super(
      { url: 'ws://studio/ws', token, language: 'hi', createSocket: (url) => new FakeSocket(url) },
      reducer,
      { status: 'connecting', fatal: null, pending: [], pokes: 0 },
      3,
      'No session.',
      read,
    );
  }
  poke(): void {
    const requestId = this.requestId('poke');
    this.request(
      { type: 'poke', requestId },
      { type: 'sent', requestId },
      { type: 'unanswered', requestId },
    );
  }
  protected receive(message: In, before: State): void {
    this.heard.push(`${message.type} after ${before.pokes}`);
  }
}

describe('a game’s connection to the studio', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    FakeSocket.made = [];
  });
  afterEach(() => vi.useRealTimers());

  it('says at once that a page without a session cannot play, and opens nothing', () => {
    const client = new PokeClient('');
    client.start();
    expect(client.store.get().fatal).toBe('No session.');
    expect(FakeSocket.made).toHaveLength(0);
  });

  it('joins with the token, language and protocol, and checks the clock every few seconds', () => {
    const client = new PokeClient('t'.repeat(20));
    client.start();
    const socket = FakeSocket.latest();
    socket.open();
    expect(socket.sentOf('join')).toEqual([
      { type: 'join', token: 't'.repeat(20), lang: 'hi', protocol: 3 },
    ]);
    vi.advanceTimersByTime(PING_INTERVAL_MS * 2);
    expect(socket.sentOf('ping')).toHaveLength(2);
    client.stop();
  });

  it('gives the store what it reads, keeps the server’s clock, and tells the game after', () => {
    const client = new PokeClient('t'.repeat(20));
    client.start();
    const socket = FakeSocket.latest();
    socket.open();
    socket.receive({ type: 'poked', serverTime: 1_060_000 });
    socket.receive({ unreadable: true });
    expect(client.store.get().pokes).toBe(1);
    expect(client.heard).toEqual(['poked after 0']);
    expect(client.clock.now()).toBe(1_060_000);
    client.stop();
  });

  it('frees a request the server did not answer in time, and sends none while closed', () => {
    const client = new PokeClient('t'.repeat(20));
    client.start();
    client.poke();
    expect(client.store.get().pending).toEqual([]);
    const socket = FakeSocket.latest();
    socket.open();
    client.poke();
    expect(socket.sentOf('poke')).toHaveLength(1);
    expect(client.store.get().pending).toHaveLength(1);
    vi.advanceTimersByTime(REQUEST_TIMEOUT_MS);
    expect(client.store.get().pending).toEqual([]);
    client.stop();
  });

  it('stops for good on a fatal error: no reconnect with a refused token', () => {
    const client = new PokeClient('t'.repeat(20));
    client.start();
    const socket = FakeSocket.latest();
    socket.open();
    socket.receive({ type: 'error', code: 'INVALID_TOKEN', message: 'Refused.', fatal: true });
    socket.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(client.store.get()).toMatchObject({ fatal: 'Refused.', status: 'closed' });
    expect(client.heard).toEqual([]);
  });
});
