/**
 * A card table's connection to the studio: it joins with the launch token (again after every
 * reconnect, when the server's welcome restores the whole state, the player's bets included),
 * turns the player's taps into bets, and keeps the server's clock for the countdown.
 */
import type {
  CardBetKind,
  CardClientMessage,
  CardServerMessage,
} from '@backlay/contract/card-games';
import type { Language } from '../shared/launch';
import { ReconnectingSocket, type ReconnectingSocketOptions } from '../shared/reconnecting-socket';
import { ServerClock } from '../shared/server-clock';
import type { Cue } from '../shared/sound';
import { createStore, type Store } from '../shared/store';
import {
  betRefusal,
  cardTableReducer,
  INITIAL_CARD_STATE,
  type CardTableEvent,
  type CardTableState,
} from './card-state';
import { NO_SESSION, PROTOCOL_VERSION } from './contract-values';
import { readServerMessage } from './protocol';

/** How often the page checks the clock (and shows the server it is there). */
export const PING_INTERVAL_MS = 5_000;
/** A bet not answered in this long frees its stake on the spot (the next welcome tells the truth). */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface CardClientOptions {
  /** The studio's WebSocket URL (`ws(s)://…/games/<provider>/<gameCode>/ws`). */
  url: string;
  token: string;
  language: Language;
  /** A sound for a moment of the game (the page plays it if sound is on). */
  cue?: (cue: Cue) => void;
  createSocket?: ReconnectingSocketOptions['createSocket'];
  now?: () => number;
}

/** The WebSocket URL beside the game's page (`./ws`, as `cardSocketPath` places it). */
export function socketUrlFor(pageUrl: string): string {
  const url = new URL('ws', pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '';
  url.hash = '';
  return url.href;
}

export class CardClient {
  readonly store: Store<CardTableState, CardTableEvent>;
  readonly clock: ServerClock;
  private readonly socket: ReconnectingSocket;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private requestCount = 0;
  private readonly now: () => number;

  constructor(private readonly options: CardClientOptions) {
    this.now = options.now ?? (() => Date.now());
    this.clock = new ServerClock(this.now);
    this.store = createStore(cardTableReducer, INITIAL_CARD_STATE);
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

  /** The server's time now (a stable function, so a view may hold on to it). */
  readonly serverNow = (): number => this.clock.now();

  /**
   * A bet on `betKind`, sent if the page sees nothing the server would refuse; else the refusal
   * the server would give, said at once and nothing sent.
   */
  bet(betKind: CardBetKind, amountMinor: number): void {
    const state = this.store.get();
    const refusal = betRefusal(state, betKind, amountMinor);
    if (refusal) {
      this.store.dispatch({ type: 'declined', code: refusal });
      return;
    }
    this.requestCount += 1;
    const requestId = `bet-${this.now().toString(36)}-${this.requestCount}`;
    if (!this.send({ type: 'bet', requestId, betKind, amountMinor })) return;
    this.store.dispatch({ type: 'sent', requestId, betKind, amountMinor });
    setTimeout(() => this.store.dispatch({ type: 'unanswered', requestId }), REQUEST_TIMEOUT_MS);
  }

  /** The player's last round's bets, placed again. */
  rebet(): void {
    for (const choice of this.store.get().lastBets) this.bet(choice.betKind, choice.amountMinor);
  }

  /** Puts the notice away (a stable function, so a view may hold on to it). */
  readonly dismissNotice = (): void => {
    this.store.dispatch({ type: 'dismiss' });
  };

  private send(message: CardClientMessage): boolean {
    return this.socket.send(message);
  }

  private receive(message: CardServerMessage): void {
    if ('serverTime' in message) this.clock.sample(message.serverTime);
    this.store.dispatch(message);
    switch (message.type) {
      case 'betAccepted':
        this.options.cue?.('bet');
        break;
      case 'card':
        this.options.cue?.('tick');
        break;
      case 'settled':
        if (message.returnMinor > 0) this.options.cue?.('cashOut');
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
}
