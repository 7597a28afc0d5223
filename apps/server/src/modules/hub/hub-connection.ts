import { WebSocket } from 'ws';
import type { Player } from '../../http/api-route';

/** One client's WebSocket and what the hub knows about it. Logic lives in the hub. */
export class HubConnection {
  readonly connectedAt: Date;
  lastReceivedMs: number;
  lastSentMs: number;
  handshaken = false;
  /** Set once a close has begun: nothing but the close record is sent from then on. */
  closed = false;
  player: Player | null;
  /** The last access token checked for this connection, so repeats are not checked again. */
  verifiedToken: string | null;
  /** Resolves when the connection's topics are subscribed; the handshake waits for it. */
  ready: Promise<void> = Promise.resolve();
  /** Markets watched, created on the first watch. */
  /** Watched market ids and the topic each was joined on (its money book's). */
  markets: Map<string, string> | null = null;
  /** Text received after the last record separator. */
  partial = '';
  /** The client's address, counted against the per-address limit while open. */
  address = '';
  /** Invocations queued or running; they run one at a time, in order. */
  pending = 0;
  #queue: Promise<void> = Promise.resolve();

  constructor(
    readonly id: string,
    readonly socket: WebSocket,
    readonly domain: string,
    player: Player | null,
    token: string | null,
    nowMs: number,
  ) {
    this.player = player;
    this.verifiedToken = player ? token : null;
    this.connectedAt = new Date(nowMs);
    this.lastReceivedMs = nowMs;
    this.lastSentMs = nowMs;
  }

  get open(): boolean {
    return !this.closed && this.socket.readyState === WebSocket.OPEN;
  }

  /** Runs `task` after every task queued before it; tasks report their own errors. */
  enqueue(task: () => Promise<void>): void {
    this.pending++;
    this.#queue = this.#queue
      .then(task)
      // A failed task must not stop the ones after it.
      .catch(() => undefined)
      .finally(() => {
        this.pending--;
      });
  }
}
