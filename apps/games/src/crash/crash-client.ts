/**
 * The crash game's connection to the studio: it joins with the launch token (again after every
 * reconnect, when the server's welcome restores the whole state), turns the player's taps into
 * the protocol's requests, keeps a bet made outside a betting window for the next one, and keeps
 * the server's clock for the drawing.
 */
import type {
  CrashClientMessage,
  CrashServerMessage,
  CrashSlot,
} from '@backlay/contract/house-games';
import type { Language } from '../shared/launch';
import { ReconnectingSocket, type ReconnectingSocketOptions } from '../shared/reconnecting-socket';
import type { Cue } from '../shared/sound';
import { createStore, type Store } from '../shared/store';
import {
  crashReducer,
  INITIAL_CRASH_STATE,
  type CrashEvent,
  type CrashState,
  type RequestKind,
} from './crash-state';
import { NO_SESSION, PROTOCOL_VERSION } from './contract-values';
import { readServerMessage } from './protocol';
import { ServerClock } from '../shared/server-clock';

/** How often the page checks the clock (and shows the server it is there). */
export const PING_INTERVAL_MS = 5_000;
/** A request not answered in this long frees its button (the next welcome tells the truth). */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface CrashClientOptions {
  /** The studio's WebSocket URL (`ws(s)://…/games/<provider>/sbe_aviator/ws`). */
  url: string;
  token: string;
  language: Language;
  /** A sound for a moment of the game (the page plays it if sound is on). */
  cue?: (cue: Cue) => void;
  createSocket?: ReconnectingSocketOptions['createSocket'];
  now?: () => number;
}

/** The WebSocket URL beside the game's page (`./ws`, as `crashSocketPath` places it). */
export function socketUrlFor(pageUrl: string): string {
  const url = new URL('ws', pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '';
  url.hash = '';
  return url.href;
}

export class CrashClient {
  readonly store: Store<CrashState, CrashEvent>;
  readonly clock: ServerClock;
  private readonly socket: ReconnectingSocket;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private requestCount = 0;
  private readonly now: () => number;

  constructor(private readonly options: CrashClientOptions) {
    this.now = options.now ?? (() => Date.now());
    this.clock = new ServerClock(this.now);
    this.store = createStore(crashReducer, INITIAL_CRASH_STATE);
    this.socket = new ReconnectingSocket({
      url: options.url,
      createSocket: options.createSocket,
      onStatus: (status) => this.store.dispatch({ type: 'connection', status }),
      onOpen: () =>
        this.send({
          type: 'join',
          token: options.token,
          lang: options.language,
          protocol: PROTOCOL_VERSION,
        }),
      onMessage: (value) => {
        const message = readServerMessage(value);
        if (message) this.receive(message);
      },
    });
  }

  start(): void {
    if (!this.options.token) {
      this.store.dispatch({
        type: 'error',
        code: 'INVALID_TOKEN',
        message: NO_SESSION,
        fatal: true,
      });
      return;
    }
    this.socket.start();
    this.pingTimer = setInterval(() => {
      this.send({ type: 'ping', clientTime: this.now() });
    }, PING_INTERVAL_MS);
  }

  stop(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.socket.stop();
  }

  /** Connects at once if the connection is down (the phone woke up, or came back online). */
  nudge(): void {
    this.socket.nudge();
  }

  /** A bet now if the betting window is open, else for the next round. */
  bet(slot: CrashSlot, amountMinor: number, autoCashOutCenti: number | null): void {
    const state = this.store.get();
    if (state.joined && state.round?.phase === 'BETTING') {
      this.request(slot, 'bet', { amountMinor, autoCashOutCenti });
    } else {
      this.store.dispatch({ type: 'queue', slot, amountMinor, autoCashOutCenti });
    }
  }

  /** Takes back a queued bet, or the slot's bet while the betting window is open. */
  cancel(slot: CrashSlot): void {
    if (this.store.get().slots[slot].queued) {
      this.store.dispatch({ type: 'unqueue', slot });
      return;
    }
    this.request(slot, 'cancelBet', {});
  }

  cashOut(slot: CrashSlot): void {
    this.request(slot, 'cashOut', {});
  }

  /** Puts the notice away (a stable function, so a view may hold on to it). */
  readonly dismissNotice = (): void => {
    this.store.dispatch({ type: 'dismiss' });
  };

  private request(
    slot: CrashSlot,
    kind: RequestKind,
    fields: { amountMinor?: number; autoCashOutCenti?: number | null },
  ): void {
    this.requestCount += 1;
    const requestId = `${kind}-${slot}-${this.now().toString(36)}-${this.requestCount}`;
    const message =
      kind === 'bet'
        ? {
            type: kind,
            requestId,
            slot,
            amountMinor: fields.amountMinor ?? 0,
            autoCashOutCenti: fields.autoCashOutCenti ?? null,
          }
        : { type: kind, requestId, slot };
    if (!this.send(message)) return;
    this.store.dispatch({ type: 'sent', slot, kind, requestId });
    setTimeout(
      () => this.store.dispatch({ type: 'unanswered', slot, requestId }),
      REQUEST_TIMEOUT_MS,
    );
  }

  private send(message: CrashClientMessage): boolean {
    return this.socket.send(message);
  }

  private receive(message: CrashServerMessage): void {
    if ('serverTime' in message) this.clock.sample(message.serverTime);
    const before = this.store.get();
    this.store.dispatch(message);
    const after = this.store.get();
    switch (message.type) {
      case 'welcome':
      case 'round':
        if (after.round?.phase === 'BETTING') this.sendQueuedBets();
        if (message.type === 'round' && message.round.phase === 'CRASHED') {
          const hadBet = [1, 2].some((s) => before.slots[s as CrashSlot].bet?.state === 'PLACED');
          if (hadBet) this.options.cue?.('crash');
        }
        break;
      case 'betAccepted':
        this.options.cue?.('bet');
        break;
      case 'cashedOut':
        this.options.cue?.('cashOut');
        break;
      case 'error':
        // The session is over (the server closes the connection): joining again with the same
        // token would only be refused again.
        if (message.fatal) this.stop();
        break;
      default:
        break;
    }
  }

  private sendQueuedBets(): void {
    for (const slot of [1, 2] as const) {
      const queued = this.store.get().slots[slot].queued;
      if (queued && !this.store.get().slots[slot].pending) {
        this.request(slot, 'bet', queued);
      }
    }
  }
}
