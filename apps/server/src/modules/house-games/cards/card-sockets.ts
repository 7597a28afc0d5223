/**
 * A card game's WebSocket (`/games/<provider>/<gameCode>/ws`, protocol in the contract's
 * `card-games.ts`), one per table, on the studio's socket layer (`../studio-sockets.ts`:
 * joining, allowances, slow connections, the fan-out): here only the game's own part, its
 * welcome and its bets. None of its messages is droppable: they are few, and each one counts,
 * so a connection too far behind is closed rather than slowing the others.
 */
import {
  CARD_GAMES,
  CARD_PROTOCOL_VERSION,
  CARD_REFUSALS,
  cardClientMessageSchema,
  type CardClientMessage,
  type CardServerMessage,
} from '@backlay/contract/card-games';
import { studioSockets, type StudioSockets } from '../studio-sockets';
import type { WalletClient } from '../wallet-client';
import type { CardTable } from './card-table';

export type CardSockets = StudioSockets<CardServerMessage>;

export function cardSockets(options: {
  table: CardTable;
  wallet: WalletClient;
  log: { warn(object: unknown, message: string): void };
  onJoin?: () => void;
  connectionsPerAddress: number;
}): CardSockets {
  const { table } = options;
  const gameCode = table.gameCode;
  const sockets: CardSockets = studioSockets<CardClientMessage, CardServerMessage>(
    {
      gameCode,
      schema: cardClientMessageSchema,
      refusals: CARD_REFUSALS,
      welcome(player, balanceMinor) {
        if (!table.isOpen()) return null;
        return {
          type: 'welcome',
          protocol: CARD_PROTOCOL_VERSION,
          gameCode,
          serverTime: Date.now(),
          playerId: player.playerId,
          currency: player.currency,
          balanceMinor,
          table: table.table(player.currency),
          rules: CARD_GAMES[gameCode].rules.map((rule) => ({
            ...rule,
            otherwise: [...rule.otherwise],
          })),
          round: table.roundView(),
          history: table.recentHistory(),
          myBets: table.myBets(player.provider, player.playerId),
        };
      },
      rateLimited: (bet) => ({
        type: 'refused',
        gameCode,
        requestId: bet.requestId,
        betKind: bet.betKind,
        code: 'RATE_LIMITED',
        message: CARD_REFUSALS.RATE_LIMITED,
      }),
      async move(player, bet, reply) {
        const answer = await table.placeBet(player, {
          betKind: bet.betKind,
          amountMinor: bet.amountMinor,
        });
        if (answer.ok) {
          // Every page of the player learns of it (one may have reconnected meanwhile).
          sockets.toPlayer(player.provider, player.playerId, {
            type: 'betAccepted',
            gameCode,
            requestId: bet.requestId,
            bet: answer.bet,
            balanceMinor: answer.balanceMinor,
          });
          return;
        }
        reply({
          type: 'refused',
          gameCode,
          requestId: bet.requestId,
          betKind: bet.betKind,
          code: answer.code,
          message: answer.message,
          ...(answer.balanceMinor === undefined ? {} : { balanceMinor: answer.balanceMinor }),
        });
      },
    },
    options,
  );
  const unsubscribe = table.subscribe(sockets);
  return {
    ...sockets,
    async close() {
      unsubscribe();
      await sockets.close();
    },
  };
}
