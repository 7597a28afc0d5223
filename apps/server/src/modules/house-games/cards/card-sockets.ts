/**
 * A card game's WebSocket (`/games/<provider>/<gameCode>/ws`, protocol in the contract's
 * `card-games.ts`), one per table, as the crash game's (`../crash-sockets.ts`): a page joins
 * with its launch token, checked by the wallet's `balance` callback; its bets go to the table
 * and the table's messages come back. Messages to everyone are serialised once; a connection
 * too far behind is closed rather than slowing the others (nothing is dropped: a card game's
 * messages are few, and each one counts).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  CARD_GAMES,
  CARD_PROTOCOL_VERSION,
  CARD_REFUSALS,
  cardClientMessageSchema,
  type CardRefusalCode,
  type CardServerMessage,
} from '@backlay/contract/card-games';
import { JOIN_TIMEOUT_MS, MAX_MESSAGE_BYTES, MOVES_PER_SECOND } from '../crash-sockets';
import type { WalletClient } from '../wallet-client';
import type { CardPlayer, CardTable } from './card-table';

/** A connection this far behind is closed. */
export const CARD_SLOW_CONNECTION_BYTES = 1024 * 1024;

interface Connection {
  ws: WebSocket;
  provider: string;
  address: string;
  player: CardPlayer | null;
  joining: boolean;
  allowance: number;
  allowanceAt: number;
}

export interface CardSockets {
  upgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    provider: string,
    address: string,
  ): void;
  count(): number;
  joined(): number;
  close(): Promise<void>;
}

const playerKey = (provider: string, playerId: string) => `${provider}\n${playerId}`;

export function cardSockets(options: {
  table: CardTable;
  wallet: WalletClient;
  log: { warn(object: unknown, message: string): void };
  onJoin?: () => void;
  connectionsPerAddress: number;
}): CardSockets {
  const { table, wallet } = options;
  const gameCode = table.gameCode;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const connections = new Set<Connection>();
  const byPlayer = new Map<string, Set<Connection>>();
  const byAddress = new Map<string, number>();
  let joinedCount = 0;

  function sendText(connection: Connection, text: string): void {
    const { ws } = connection;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > CARD_SLOW_CONNECTION_BYTES) {
      ws.terminate();
      return;
    }
    ws.send(text);
  }
  const send = (connection: Connection, message: CardServerMessage) =>
    sendText(connection, JSON.stringify(message));

  const unsubscribe = table.subscribe({
    broadcast(message) {
      const text = JSON.stringify(message);
      for (const connection of connections) if (connection.player) sendText(connection, text);
    },
    toPlayer(provider, playerId, message) {
      const text = JSON.stringify(message);
      for (const connection of byPlayer.get(playerKey(provider, playerId)) ?? []) {
        sendText(connection, text);
      }
    },
  });

  const protocolError = (connection: Connection, code: CardRefusalCode, fatal: boolean) => {
    send(connection, { type: 'error', code, message: CARD_REFUSALS[code], fatal });
    if (fatal) connection.ws.close(1008, code);
  };

  function allow(connection: Connection): boolean {
    const now = Date.now();
    connection.allowance = Math.min(
      2 * MOVES_PER_SECOND,
      connection.allowance + ((now - connection.allowanceAt) / 1000) * MOVES_PER_SECOND,
    );
    connection.allowanceAt = now;
    if (connection.allowance < 1) return false;
    connection.allowance -= 1;
    return true;
  }

  async function join(connection: Connection, token: string): Promise<void> {
    connection.joining = true;
    const answer = await wallet.balance(connection.provider, { token, gameCode });
    connection.joining = false;
    if (connection.ws.readyState !== WebSocket.OPEN) return;
    if (answer.status === 'UNAVAILABLE') {
      return protocolError(connection, 'WALLET_UNAVAILABLE', false);
    }
    if (answer.status === 'ERROR') {
      const code: CardRefusalCode =
        answer.code === 'TOKEN_EXPIRED'
          ? 'TOKEN_EXPIRED'
          : answer.code === 'RATE_LIMITED'
            ? 'RATE_LIMITED'
            : 'INVALID_TOKEN';
      return protocolError(connection, code, code !== 'RATE_LIMITED');
    }
    if (!table.isOpen()) return protocolError(connection, 'TABLE_PAUSED', false);
    if (connection.player) {
      byPlayer.get(playerKey(connection.provider, connection.player.playerId))?.delete(connection);
      joinedCount -= 1;
    }
    const player: CardPlayer = {
      provider: connection.provider,
      playerId: answer.playerId,
      token,
      currency: answer.currency,
    };
    connection.player = player;
    const key = playerKey(player.provider, player.playerId);
    let mine = byPlayer.get(key);
    if (!mine) byPlayer.set(key, (mine = new Set()));
    mine.add(connection);
    joinedCount += 1;
    options.onJoin?.();
    send(connection, {
      type: 'welcome',
      protocol: CARD_PROTOCOL_VERSION,
      gameCode,
      serverTime: Date.now(),
      playerId: player.playerId,
      currency: player.currency,
      balanceMinor: answer.balanceMinor,
      table: table.table(player.currency),
      rules: CARD_GAMES[gameCode].rules.map((rule) => ({
        ...rule,
        otherwise: [...rule.otherwise],
      })),
      round: table.roundView(),
      history: table.recentHistory(),
      myBets: table.myBets(player.provider, player.playerId),
    });
  }

  async function onMessage(
    connection: Connection,
    data: RawData,
    isBinary: boolean,
  ): Promise<void> {
    if (isBinary) return protocolError(connection, 'BAD_MESSAGE', false);
    let value: unknown;
    try {
      value = JSON.parse(data.toString());
    } catch {
      return protocolError(connection, 'BAD_MESSAGE', false);
    }
    const parsed = cardClientMessageSchema.safeParse(value);
    if (!parsed.success) return protocolError(connection, 'BAD_MESSAGE', false);
    const message = parsed.data;
    if (message.type === 'ping') {
      return send(connection, {
        type: 'pong',
        clientTime: message.clientTime,
        serverTime: Date.now(),
      });
    }
    if (!allow(connection)) {
      if (message.type === 'join') return protocolError(connection, 'RATE_LIMITED', false);
      return send(connection, {
        type: 'refused',
        gameCode,
        requestId: message.requestId,
        betKind: message.betKind,
        code: 'RATE_LIMITED',
        message: CARD_REFUSALS.RATE_LIMITED,
      });
    }
    if (message.type === 'join') {
      if (connection.joining) return protocolError(connection, 'BUSY', false);
      return join(connection, message.token);
    }
    const player = connection.player;
    if (!player) return protocolError(connection, 'NOT_JOINED', false);
    const answer = await table.placeBet(player, {
      betKind: message.betKind,
      amountMinor: message.amountMinor,
    });
    if (answer.ok) {
      // Every page of the player learns of it (one may have reconnected meanwhile).
      for (const each of byPlayer.get(playerKey(player.provider, player.playerId)) ?? []) {
        send(each, {
          type: 'betAccepted',
          gameCode,
          requestId: message.requestId,
          bet: answer.bet,
          balanceMinor: answer.balanceMinor,
        });
      }
      return;
    }
    send(connection, {
      type: 'refused',
      gameCode,
      requestId: message.requestId,
      betKind: message.betKind,
      code: answer.code,
      message: answer.message,
      ...(answer.balanceMinor === undefined ? {} : { balanceMinor: answer.balanceMinor }),
    });
  }

  function forget(connection: Connection): void {
    if (!connections.delete(connection)) return;
    const left = (byAddress.get(connection.address) ?? 1) - 1;
    if (left > 0) byAddress.set(connection.address, left);
    else byAddress.delete(connection.address);
    if (connection.player) {
      joinedCount -= 1;
      const key = playerKey(connection.provider, connection.player.playerId);
      const mine = byPlayer.get(key);
      mine?.delete(connection);
      if (mine?.size === 0) byPlayer.delete(key);
    }
  }

  return {
    upgrade(request, socket, head, provider, address) {
      if ((byAddress.get(address) ?? 0) >= options.connectionsPerAddress) {
        socket.end(
          'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
        );
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
        const connection: Connection = {
          ws,
          provider,
          address,
          player: null,
          joining: false,
          allowance: 2 * MOVES_PER_SECOND,
          allowanceAt: Date.now(),
        };
        connections.add(connection);
        const joinTimer = setTimeout(() => {
          if (!connection.player) protocolError(connection, 'NOT_JOINED', true);
        }, JOIN_TIMEOUT_MS);
        joinTimer.unref();
        ws.on('message', (data, isBinary) => {
          onMessage(connection, data, isBinary).catch((error: unknown) => {
            options.log.warn({ err: error }, 'house games: a card message could not be handled');
            protocolError(connection, 'WALLET_UNAVAILABLE', false);
          });
        });
        ws.on('close', () => {
          clearTimeout(joinTimer);
          forget(connection);
        });
        ws.on('error', () => ws.terminate());
      });
    },
    count: () => connections.size,
    joined: () => joinedCount,
    async close() {
      unsubscribe();
      for (const connection of connections) connection.ws.close(1001, 'closing');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
