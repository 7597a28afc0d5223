/**
 * The studio's connection: one WebSocket that comes back by itself. A game must never lose a
 * bet to a tunnel or a sleeping phone: the server keeps the bets, and each time the socket
 * opens again the game says hello afresh and the server answers with the whole state (its
 * rounds, the player's bets, the balance), so nothing is rebuilt from guesses.
 *
 * The limits are named: the waits between attempts (`RECONNECT_DELAYS_MS`, the last repeated
 * for as long as the page is open), and how long a silent connection is trusted
 * (`SILENCE_LIMIT_MS`: the server speaks at least every few seconds, so silence means a dead
 * link that the browser has not noticed yet).
 */

/** The wait that repeats once the first attempts have failed. */
export const RECONNECT_LAST_DELAY_MS = 10_000;
/** The waits before each attempt to connect again; the last one repeats. */
export const RECONNECT_DELAYS_MS = [0, 1_000, 2_000, 5_000, RECONNECT_LAST_DELAY_MS] as const;

/** A connection that has said nothing for this long is closed and opened again. */
export const SILENCE_LIMIT_MS = 15_000;

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The part of a WebSocket this class uses, so tests can hand it a fake one. */
export interface SocketLike {
  readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface ReconnectingSocketOptions {
  url: string;
  /** Called on every open, first and again: say hello, ask for the state. */
  onOpen: () => void;
  /** Each message, parsed as JSON (a message that is not JSON is dropped). */
  onMessage: (message: unknown) => void;
  onStatus: (status: SocketStatus) => void;
  createSocket?: (url: string) => SocketLike;
}

const OPEN = 1;

/** Its fields are `#` ones: a page's minifier shortens their names (the bundle budget). */
export class ReconnectingSocket {
  #socket: SocketLike | null = null;
  #attempt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #silenceTimer: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;
  readonly #createSocket: (url: string) => SocketLike;
  readonly #options: ReconnectingSocketOptions;

  constructor(options: ReconnectingSocketOptions) {
    this.#options = options;
    this.#createSocket = options.createSocket ?? ((url) => new WebSocket(url));
  }

  start(): void {
    this.#stopped = false;
    this.#connect();
  }

  /** Sends a message now; false when the connection is not open (the caller says so). */
  send(message: object): boolean {
    if (this.#socket?.readyState !== OPEN) return false;
    this.#socket.send(JSON.stringify(message));
    return true;
  }

  /** Connects at once if the connection is down (the phone woke up or came back online). */
  nudge(): void {
    if (this.#stopped || this.#socket) return;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    this.#attempt = 0;
    this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    if (this.#silenceTimer) clearTimeout(this.#silenceTimer);
    const socket = this.#socket;
    this.#socket = null;
    socket?.close(1000, 'page closed');
    this.#options.onStatus('closed');
  }

  #connect(): void {
    this.#retryTimer = null;
    this.#options.onStatus(this.#attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = this.#createSocket(this.#options.url);
    this.#socket = socket;
    socket.onopen = () => {
      if (this.#socket !== socket) return;
      this.#attempt = 0;
      this.#heard();
      this.#options.onStatus('open');
      this.#options.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.#socket !== socket) return;
      this.#heard();
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      this.#options.onMessage(message);
    };
    socket.onerror = () => socket.close();
    socket.onclose = () => {
      if (this.#socket !== socket) return;
      this.#dropped();
    };
  }

  #heard(): void {
    if (this.#silenceTimer) clearTimeout(this.#silenceTimer);
    this.#silenceTimer = setTimeout(() => {
      const socket = this.#socket;
      if (!socket) return;
      this.#dropped();
      socket.close(4000, 'silent');
    }, SILENCE_LIMIT_MS);
  }

  #dropped(): void {
    this.#socket = null;
    if (this.#silenceTimer) clearTimeout(this.#silenceTimer);
    if (this.#stopped) return;
    const delay = RECONNECT_DELAYS_MS[this.#attempt] ?? RECONNECT_LAST_DELAY_MS;
    this.#attempt += 1;
    this.#options.onStatus('reconnecting');
    this.#retryTimer = setTimeout(() => this.#connect(), delay);
  }
}
