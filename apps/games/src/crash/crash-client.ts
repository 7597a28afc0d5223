/**
 * The crash game's connection to the studio (`shared/studio-client.ts`: the join, the
 * reconnects, the server's clock for the drawing): it turns the player's taps into the
 * protocol's requests, keeps a bet made outside a betting window for the next one, and gives the
 * sounds of a round.
 */
import type {
  CrashClientMessage,
  CrashServerMessage,
  CrashSlot,
} from '@backlay/contract/house-games';
import { StudioClient, type StudioClientOptions } from '../shared/studio-client';
import {
  crashReducer,
  INITIAL_CRASH_STATE,
  type CrashEvent,
  type CrashState,
  type RequestKind,
} from './crash-state';
import { NO_SESSION, PROTOCOL_VERSION } from './contract-values';
import { readServerMessage } from './protocol';

export { PING_INTERVAL_MS, REQUEST_TIMEOUT_MS, socketUrlFor } from '../shared/studio-client';

export type CrashClientOptions = StudioClientOptions;

export class CrashClient extends StudioClient<
  CrashState,
  CrashEvent,
  CrashClientMessage,
  CrashServerMessage
> {
  constructor(options: CrashClientOptions) {
    super(
      options,
      crashReducer,
      INITIAL_CRASH_STATE,
      PROTOCOL_VERSION,
      NO_SESSION,
      readServerMessage,
    );
  }

  /** A bet now if the betting window is open, else for the next round. */
  bet(slot: CrashSlot, amountMinor: number, autoCashOutCenti: number | null): void {
    const state = this.store.get();
    if (state.joined && state.round?.phase === 'BETTING') {
      this.#send(slot, 'bet', { amountMinor, autoCashOutCenti });
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
    this.#send(slot, 'cancelBet', {});
  }

  cashOut(slot: CrashSlot): void {
    this.#send(slot, 'cashOut', {});
  }

  #send(
    slot: CrashSlot,
    kind: RequestKind,
    fields: { amountMinor?: number; autoCashOutCenti?: number | null },
  ): void {
    const requestId = this.requestId(`${kind}-${slot}`);
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
    this.request(
      message,
      { type: 'sent', slot, kind, requestId },
      { type: 'unanswered', slot, requestId },
    );
  }

  protected receive(message: CrashServerMessage, before: CrashState): void {
    switch (message.type) {
      case 'welcome':
      case 'round':
        if (this.store.get().round?.phase === 'BETTING') this.#sendQueuedBets();
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
      default:
        break;
    }
  }

  #sendQueuedBets(): void {
    for (const slot of [1, 2] as const) {
      const queued = this.store.get().slots[slot].queued;
      if (queued && !this.store.get().slots[slot].pending) {
        this.#send(slot, 'bet', queued);
      }
    }
  }
}
