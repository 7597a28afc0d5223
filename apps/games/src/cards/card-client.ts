/**
 * A card table's connection to the studio (`shared/studio-client.ts`: the join, the reconnects,
 * the server's clock for the countdown): it turns the player's taps into bets, declines at once
 * a bet the server would refuse, and gives the sounds of a round.
 */
import type {
  CardBetKind,
  CardClientMessage,
  CardServerMessage,
} from '@backlay/contract/card-games';
import { StudioClient, type StudioClientOptions } from '../shared/studio-client';
import {
  betRefusal,
  cardTableReducer,
  INITIAL_CARD_STATE,
  type CardTableEvent,
  type CardTableState,
} from './card-state';
import { NO_SESSION, PROTOCOL_VERSION } from './contract-values';
import { readServerMessage } from './protocol';

export { PING_INTERVAL_MS, REQUEST_TIMEOUT_MS, socketUrlFor } from '../shared/studio-client';

export type CardClientOptions = StudioClientOptions;

export class CardClient extends StudioClient<
  CardTableState,
  CardTableEvent,
  CardClientMessage,
  CardServerMessage
> {
  constructor(options: CardClientOptions) {
    super(
      options,
      cardTableReducer,
      INITIAL_CARD_STATE,
      PROTOCOL_VERSION,
      NO_SESSION,
      readServerMessage,
    );
  }

  /** The server's time now (a stable function, so a view may hold on to it). */
  readonly serverNow = (): number => this.clock.now();

  /**
   * A bet on `betKind`, sent if the page sees nothing the server would refuse; else the refusal
   * the server would give, said at once and nothing sent.
   */
  bet(betKind: CardBetKind, amountMinor: number): void {
    const refusal = betRefusal(this.store.get(), betKind, amountMinor);
    if (refusal) {
      this.store.dispatch({ type: 'declined', code: refusal });
      return;
    }
    const requestId = this.requestId('bet');
    this.request(
      { type: 'bet', requestId, betKind, amountMinor },
      { type: 'sent', requestId, betKind, amountMinor },
      { type: 'unanswered', requestId },
    );
  }

  /** The player's last round's bets, placed again. */
  rebet(): void {
    for (const choice of this.store.get().lastBets) this.bet(choice.betKind, choice.amountMinor);
  }

  protected receive(message: CardServerMessage): void {
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
      default:
        break;
    }
  }
}
