/**
 * The crash game's WebSocket (`/games/<provider>/sbe_aviator/ws`, protocol in the contract's
 * `house-games.ts`) on the studio's socket layer (`studio-sockets.ts`: joining, allowances,
 * slow connections, the fan-out): here only the game's own part, its welcome and its moves.
 * Its ticks are droppable: a connection that is behind misses some rather than slowing the
 * others. And urgent: their fan-out does not pause between chunks as a round's news does. The
 * live list's changes are background: spread thinnest, so the bets coming in meanwhile keep
 * the cores (with a tick, while a round runs, they go at the tick's pace).
 */
import {
  CRASH_PROTOCOL_VERSION,
  CRASH_REFUSALS,
  crashClientMessageSchema,
  type CrashClientMessage,
  type CrashServerMessage,
} from '@backlay/contract/house-games';
import type { CrashTable } from './crash-table';
import { studioSockets, type StudioSockets } from './studio-sockets';
import type { WalletClient } from './wallet-client';

export type CrashSockets = StudioSockets<CrashServerMessage>;

export function crashSockets(options: {
  table: CrashTable;
  wallet: WalletClient;
  log: { warn(object: unknown, message: string): void };
  /** A page joined (the table plays rounds while someone is there). */
  onJoin?: () => void;
  /** Connections one address may hold at once. */
  connectionsPerAddress: number;
}): CrashSockets {
  const { table } = options;
  const sockets: CrashSockets = studioSockets<CrashClientMessage, CrashServerMessage>(
    {
      gameCode: table.gameCode,
      schema: crashClientMessageSchema,
      refusals: CRASH_REFUSALS,
      droppable: (message) => message.type === 'tick',
      pace: (message) =>
        message.type === 'tick' ? 'urgent' : message.type === 'bets' ? 'background' : 'paced',
      welcome(player, balanceMinor) {
        const fairness = table.fairness();
        if (!fairness) return null;
        return {
          type: 'welcome',
          protocol: CRASH_PROTOCOL_VERSION,
          serverTime: Date.now(),
          playerId: player.playerId,
          currency: player.currency,
          balanceMinor,
          table: table.table(player.currency),
          fairness,
          round: table.roundView(),
          history: table.recentHistory(),
          bets: table.liveBets(player),
          totals: table.totals(),
          myBets: table.myBets(player.provider, player.playerId),
        };
      },
      rateLimited: (move) =>
        move.type === 'bet'
          ? {
              type: 'betRefused',
              requestId: move.requestId,
              slot: move.slot,
              code: 'RATE_LIMITED',
              message: CRASH_REFUSALS.RATE_LIMITED,
            }
          : {
              type: 'refused',
              requestId: move.requestId,
              request: move.type,
              slot: move.slot,
              code: 'RATE_LIMITED',
              message: CRASH_REFUSALS.RATE_LIMITED,
            },
      async move(player, move, reply) {
        switch (move.type) {
          case 'bet': {
            const answer = await table.placeBet(player, {
              slot: move.slot,
              amountMinor: move.amountMinor,
              autoCashOutCenti: move.autoCashOutCenti ?? null,
            });
            if (answer.ok) {
              // Every page of the player learns of it (one may have reconnected meanwhile).
              sockets.toPlayer(player.provider, player.playerId, {
                type: 'betAccepted',
                requestId: move.requestId,
                bet: answer.bet,
                balanceMinor: answer.balanceMinor,
              });
            } else {
              reply({
                type: 'betRefused',
                requestId: move.requestId,
                slot: move.slot,
                code: answer.code,
                message: answer.message,
                ...(answer.balanceMinor === undefined ? {} : { balanceMinor: answer.balanceMinor }),
              });
            }
            return;
          }
          case 'cancelBet': {
            const answer = await table.cancelBet(player, move.slot);
            if (answer.ok) {
              sockets.toPlayer(player.provider, player.playerId, {
                type: 'betCancelled',
                requestId: move.requestId,
                bet: answer.bet,
                balanceMinor: answer.balanceMinor,
              });
            } else {
              reply({
                type: 'refused',
                requestId: move.requestId,
                request: 'cancelBet',
                slot: move.slot,
                code: answer.code,
                message: answer.message,
              });
            }
            return;
          }
          case 'cashOut': {
            // Decided at once on the table's clock; the cashedOut comes once the wallet took it.
            const answer = table.cashOut(player, move.slot, move.requestId);
            if (!answer.ok) {
              reply({
                type: 'refused',
                requestId: move.requestId,
                request: 'cashOut',
                slot: move.slot,
                code: answer.code,
                message: answer.message,
              });
            }
            return;
          }
        }
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
