/**
 * What every game's connection to the studio does alike: it joins with the launch token (again
 * after every reconnect, when the server's welcome restores the whole state, the player's bets
 * included), keeps the server's clock from every message that carries its time, checks the
 * clock every few seconds, feeds each message it can read to the game's store, and sends the
 * game's requests with a time limit. A game's client extends it with its own requests and what
 * a message means to it (a sound, a queued bet).
 */
import type { Language } from './launch';
import {
  ReconnectingSocket,
  type ReconnectingSocketOptions,
  type SocketStatus,
} from './reconnecting-socket';
import { ServerClock } from './server-clock';
import type { Cue } from './sound';
import { createStore, type Store } from './store';

/** How often the page checks the clock (and shows the server it is there). */
export const PING_INTERVAL_MS = 5_000;
/** A request not answered in this long frees what waits on it (the next welcome tells the truth). */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface StudioClientOptions {
  /** The studio's WebSocket URL (`ws(s)://…/games/<provider>/<gameCode>/ws`). */
  url: string;
  token: string;
  language: Language;
  /** A sound for a moment of the game (the page plays it if sound is on). */
  cue?: (cue: Cue) => void;
  createSocket?: ReconnectingSocketOptions['createSocket'];
  now?: () => number;
}

/**
 * The events the connection itself gives a game's store; every game's events have them (the
 * error is the contract's, as the server would send it for a missing token).
 */
export type StudioEvent =
  | { type: 'connection'; status: SocketStatus }
  | { type: 'error'; code: 'INVALID_TOKEN'; message: string; fatal: true }
  | { type: 'dismiss' };

/** What every game's state holds of its connection and session (a game's state extends it). */
export interface StudioState<RefusalCode extends string> {
  connection: SocketStatus;
  /** The server welcomed this connection (the table is known). */
  joined: boolean;
  balanceMinor: number | null;
  /** A refusal the page cannot get past (the session is not valid): play stops. */
  fatal: { code: RefusalCode; message: string } | null;
}

/** The WebSocket URL beside the game's page (`./ws`, as the studio places it). */
export function socketUrlFor(pageUrl: string): string {
  const url = new URL('ws', pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '';
  url.hash = '';
  return url.href;
}

/**
 * `S` the game's state, `E` its events (with `StudioEvent`'s, as its reducer takes them), `Out`
 * what its page sends besides `join` and `ping` (whose shapes every game's contract shares), `In`
 * what its server sends.
 *
 * Its own fields are `#` ones, as in the other shared classes: the minifier shortens their
 * names (a TypeScript `private` name stays whole in the bundle), which keeps every page within
 * its budget.
 */
export abstract class StudioClient<S, E, Out extends object, In extends E & { type: string }> {
  readonly store: Store<S, E | StudioEvent>;
  readonly clock: ServerClock;
  protected readonly now: () => number;
  readonly #socket: ReconnectingSocket;
  readonly #noSession: string;
  #pingTimer: ReturnType<typeof setInterval> | null = null;
  #requestCount = 0;

  /**
   * The game gives its store (`reducer`, `initial`), its protocol's version (`join` names it),
   * its contract's sentence for a page opened without a game session, and its reader of the
   * server's messages (null for one this page cannot read).
   */
  constructor(
    protected readonly options: StudioClientOptions,
    reducer: (state: S, event: E | StudioEvent) => S,
    initial: S,
    protocol: number,
    noSession: string,
    read: (value: unknown) => In | null,
  ) {
    this.now = options.now ?? (() => Date.now());
    this.clock = new ServerClock(this.now);
    this.store = createStore(reducer, initial);
    this.#noSession = noSession;
    this.#socket = new ReconnectingSocket({
      url: options.url,
      createSocket: options.createSocket,
      onStatus: (status) => this.store.dispatch({ type: 'connection', status }),
      onOpen: () =>
        this.#socket.send({
          type: 'join',
          token: options.token,
          lang: options.language,
          protocol,
        }),
      onMessage: (value) => {
        const message = read(value);
        if (!message) return;
        if ('serverTime' in message) this.clock.sample(message.serverTime as number);
        const before = this.store.get();
        this.store.dispatch(message);
        // The session is over (the server closes the connection): joining again with the same
        // token would only be refused again.
        if (message.type === 'error' && (message as { fatal?: boolean }).fatal) this.stop();
        else this.receive(message, before);
      },
    });
  }

  start(): void {
    if (!this.options.token) {
      this.store.dispatch({
        type: 'error',
        code: 'INVALID_TOKEN',
        message: this.#noSession,
        fatal: true,
      });
      return;
    }
    this.#socket.start();
    this.#pingTimer = setInterval(() => {
      this.#socket.send({ type: 'ping', clientTime: this.now() });
    }, PING_INTERVAL_MS);
  }

  stop(): void {
    if (this.#pingTimer) clearInterval(this.#pingTimer);
    this.#socket.stop();
  }

  /** Connects at once if the connection is down (the phone woke up, or came back online). */
  nudge(): void {
    this.#socket.nudge();
  }

  /** Puts the notice away (a stable function, so a view may hold on to it). */
  readonly dismissNotice = (): void => {
    this.store.dispatch({ type: 'dismiss' });
  };

  /** What a message the store has just taken means to the game besides (`before`: the state before). */
  protected abstract receive(message: In, before: S): void;

  /** A request id that names its kind: unique on this page. */
  protected requestId(kind: string): string {
    this.#requestCount += 1;
    return `${kind}-${this.now().toString(36)}-${this.#requestCount}`;
  }

  /**
   * Sends a request and tells the store (`sent`); if no answer came in `REQUEST_TIMEOUT_MS`, it
   * tells the store that too (`unanswered`). Nothing happens when the connection is not open.
   */
  protected request(message: Out, sent: E, unanswered: E): void {
    if (!this.#socket.send(message)) return;
    this.store.dispatch(sent);
    setTimeout(() => this.store.dispatch(unanswered), REQUEST_TIMEOUT_MS);
  }
}
