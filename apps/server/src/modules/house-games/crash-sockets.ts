/**
 * The crash game's WebSocket (`/games/<provider>/sbe_aviator/ws`, protocol in the contract's
 * `house-games.ts`): a page joins with its launch token, which the studio checks with the
 * wallet's `balance` callback (as any provider would: the token is the only credential it has);
 * then its moves go to the table and the table's messages come back. Messages to everyone are
 * serialised once and the same text is sent to every connection; a connection that cannot keep
 * up (its send buffer past `SLOW_CONNECTION_BYTES`) misses ticks rather than slowing the others,
 * and is closed if it stays behind.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  CRASH_PROTOCOL_VERSION,
  CRASH_REFUSALS,
  crashClientMessageSchema,
  type CrashRefusalCode,
  type CrashServerMessage,
} from '@backlay/contract/house-games';
import type { CrashTable, TablePlayer } from './crash-table';
import type { WalletClient } from './wallet-client';

/** The largest message a page may send. */
export const MAX_MESSAGE_BYTES = 2_048;
/** A page's moves per second (with a burst of twice that). */
export const MOVES_PER_SECOND = 10;
/** A connection this far behind misses ticks; at four times this it is closed. */
export const SLOW_CONNECTION_BYTES = 256 * 1024;
/** How long a page has to join after connecting. */
export const JOIN_TIMEOUT_MS = 10_000;

interface Connection {
  ws: WebSocket;
  provider: string;
  address: string;
  player: TablePlayer | null;
  joining: boolean;
  allowance: number;
  allowanceAt: number;
}

export interface CrashSockets {
  /** Takes an upgrade of the game's WebSocket path for `provider`. */
  upgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    provider: string,
    address: string,
  ): void;
  /** Open connections (joined or not). */
  count(): number;
  /** Connections that joined. */
  joined(): number;
  close(): Promise<void>;
}

const playerKey = (provider: string, playerId: string) => `${provider}\n${playerId}`;

export function crashSockets(options: {
  table: CrashTable;
  wallet: WalletClient;
  log: { warn(object: unknown, message: string): void };
  /** A page joined (the table plays rounds while someone is there). */
  onJoin?: () => void;
  /** Connections one address may hold at once. */
  connectionsPerAddress: number;
}): CrashSockets {
  const { table, wallet } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const connections = new Set<Connection>();
  const byPlayer = new Map<string, Set<Connection>>();
  const byAddress = new Map<string, number>();
  let joinedCount = 0;

  function sendText(connection: Connection, text: string, droppable: boolean): void {
    const { ws } = connection;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > SLOW_CONNECTION_BYTES) {
      if (ws.bufferedAmount > 4 * SLOW_CONNECTION_BYTES) {
        ws.terminate();
        return;
      }
      if (droppable) return;
    }
    ws.send(text);
  }

  const send = (connection: Connection, message: CrashServerMessage) =>
    sendText(connection, JSON.stringify(message), false);

  const unsubscribe = table.subscribe({
    broadcast(message) {
      const text = JSON.stringify(message);
      const droppable = message.type === 'tick';
      for (const connection of connections) {
        if (connection.player) sendText(connection, text, droppable);
      }
    },
    toPlayer(provider, playerId, message) {
      const text = JSON.stringify(message);
      for (const connection of byPlayer.get(playerKey(provider, playerId)) ?? []) {
        sendText(connection, text, false);
      }
    },
  });

  const protocolError = (
    connection: Connection,
    code: CrashRefusalCode,
    fatal: boolean,
    message?: string,
  ) => {
    send(connection, { type: 'error', code, message: message ?? CRASH_REFUSALS[code], fatal });
    if (fatal) connection.ws.close(1008, code);
  };

  /** Counts a move against the connection's allowance; false: over it. */
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
    const answer = await wallet.balance(connection.provider, { token, gameCode: table.gameCode });
    connection.joining = false;
    if (connection.ws.readyState !== WebSocket.OPEN) return;
    if (answer.status === 'UNAVAILABLE')
      return protocolError(connection, 'WALLET_UNAVAILABLE', false);
    if (answer.status === 'ERROR') {
      const code: CrashRefusalCode =
        answer.code === 'TOKEN_EXPIRED'
          ? 'TOKEN_EXPIRED'
          : answer.code === 'RATE_LIMITED'
            ? 'RATE_LIMITED'
            : 'INVALID_TOKEN';
      return protocolError(connection, code, code !== 'RATE_LIMITED');
    }
    const fairness = table.fairness();
    if (!fairness) return protocolError(connection, 'TABLE_PAUSED', false);
    if (connection.player) {
      byPlayer.get(playerKey(connection.provider, connection.player.playerId))?.delete(connection);
      joinedCount -= 1;
    }
    const player: TablePlayer = {
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
      protocol: CRASH_PROTOCOL_VERSION,
      serverTime: Date.now(),
      playerId: player.playerId,
      currency: player.currency,
      balanceMinor: answer.balanceMinor,
      table: table.table(player.currency),
      fairness,
      round: table.roundView(),
      history: table.recentHistory(),
      bets: table.liveBets(player),
      totals: table.totals(),
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
    const parsed = crashClientMessageSchema.safeParse(value);
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
      const slot = message.slot;
      return send(
        connection,
        message.type === 'bet'
          ? {
              type: 'betRefused',
              requestId: message.requestId,
              slot,
              code: 'RATE_LIMITED',
              message: CRASH_REFUSALS.RATE_LIMITED,
            }
          : {
              type: 'refused',
              requestId: message.requestId,
              request: message.type,
              slot,
              code: 'RATE_LIMITED',
              message: CRASH_REFUSALS.RATE_LIMITED,
            },
      );
    }
    if (message.type === 'join') {
      if (connection.joining) return protocolError(connection, 'BUSY', false);
      return join(connection, message.token);
    }
    const player = connection.player;
    if (!player) return protocolError(connection, 'NOT_JOINED', false);
    switch (message.type) {
      case 'bet': {
        const answer = await table.placeBet(player, {
          slot: message.slot,
          amountMinor: message.amountMinor,
          autoCashOutCenti: message.autoCashOutCenti ?? null,
        });
        if (answer.ok) {
          // Every page of the player learns of it (one may have reconnected meanwhile).
          for (const each of byPlayer.get(playerKey(player.provider, player.playerId)) ?? []) {
            send(each, {
              type: 'betAccepted',
              requestId: message.requestId,
              bet: answer.bet,
              balanceMinor: answer.balanceMinor,
            });
          }
        } else {
          send(connection, {
            type: 'betRefused',
            requestId: message.requestId,
            slot: message.slot,
            code: answer.code,
            message: answer.message,
            ...(answer.balanceMinor === undefined ? {} : { balanceMinor: answer.balanceMinor }),
          });
        }
        return;
      }
      case 'cancelBet': {
        const answer = await table.cancelBet(player, message.slot);
        if (answer.ok) {
          for (const each of byPlayer.get(playerKey(player.provider, player.playerId)) ?? []) {
            send(each, {
              type: 'betCancelled',
              requestId: message.requestId,
              bet: answer.bet,
              balanceMinor: answer.balanceMinor,
            });
          }
        } else {
          send(connection, {
            type: 'refused',
            requestId: message.requestId,
            request: 'cancelBet',
            slot: message.slot,
            code: answer.code,
            message: answer.message,
          });
        }
        return;
      }
      case 'cashOut': {
        const answer = table.cashOut(player, message.slot, message.requestId);
        if (!answer.ok) {
          send(connection, {
            type: 'refused',
            requestId: message.requestId,
            request: 'cashOut',
            slot: message.slot,
            code: answer.code,
            message: answer.message,
          });
        }
        return;
      }
    }
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
            options.log.warn({ err: error }, 'house games: a message could not be handled');
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
