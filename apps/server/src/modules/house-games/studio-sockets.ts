/**
 * The studio's WebSockets, one layer for every game (`/games/<provider>/<game code>/ws`): the
 * upgrade and the connections one address may hold, the join with the launch token (checked
 * with the wallet's `balance` callback, as any provider would: the token is the only credential
 * it has), the time a page has to join, each page's allowance of moves, clock checks (`ping`),
 * malformed messages, and connections that cannot keep up. A game gives only what is its own:
 * its message schema, its welcome and its moves (`crash-sockets.ts`, `cards/card-sockets.ts`).
 *
 * Messages to everyone are serialised and framed once (`studio-frames.ts`) and go out through a
 * chunked fan-out (`studio-fan-out.ts`), messages of one turn in one write per connection. A connection that
 * cannot keep up (its send buffer past `SLOW_CONNECTION_BYTES`) misses the game's droppable
 * messages (the crash game's ticks) rather than slowing the others, and is closed past four
 * times that.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  ChunkedFanOut,
  type FanOutConnection,
  type FanOutMessage,
  type FanOutPace,
} from './studio-fan-out';
import { textFrame } from './studio-frames';
import type { WalletClient } from './wallet-client';

/** The largest message a page may send. */
export const MAX_MESSAGE_BYTES = 2_048;
/** A page's moves per second (with a burst of twice that). */
export const MOVES_PER_SECOND = 10;
/** A connection this far behind misses droppable messages; at four times this it is closed. */
export const SLOW_CONNECTION_BYTES = 256 * 1024;
/** How long a page has to join after connecting. */
export const JOIN_TIMEOUT_MS = 10_000;

/** A player at a table, as the wallet named them when they joined. */
export interface StudioPlayer {
  provider: string;
  playerId: string;
  token: string;
  currency: string;
}

/** The refusals this layer makes itself: every game's protocol has them. */
export type StudioRefusalCode =
  | 'NOT_JOINED'
  | 'BAD_MESSAGE'
  | 'INVALID_TOKEN'
  | 'TOKEN_EXPIRED'
  | 'TABLE_PAUSED'
  | 'RATE_LIMITED'
  | 'WALLET_UNAVAILABLE'
  | 'BUSY';

/** The messages every game's protocol shares: the join and the clock check, and their answers. */
type JoinMessage = { type: 'join'; token: string };
type PingMessage = { type: 'ping'; clientTime: number };
type StudioMessage =
  | { type: 'error'; code: StudioRefusalCode; message: string; fatal: boolean }
  | { type: 'pong'; clientTime: number; serverTime: number };

/** What a game gives the layer. `Client` is its page's messages, `Server` its own. */
export interface StudioGame<Client extends { type: string }, Server extends { type: string }> {
  gameCode: string;
  /** The game's schema of a page's messages (the contract's). */
  schema: { safeParse(value: unknown): { success: true; data: Client } | { success: false } };
  /** The sentence of each refusal of the layer's, in the game's protocol. */
  refusals: Record<StudioRefusalCode, string>;
  /** The welcome of a player who joined; null: the table is paused (nothing to join). */
  welcome(player: StudioPlayer, balanceMinor: number): Server | null;
  /** The answer to a move past the page's allowance. */
  rateLimited(move: Exclude<Client, JoinMessage | PingMessage>): Server;
  /** A joined player's move: `reply` answers this page, `toPlayer` every page of a player. */
  move(
    player: StudioPlayer,
    move: Exclude<Client, JoinMessage | PingMessage>,
    reply: (message: Server) => void,
  ): Promise<void>;
  /** Messages a connection that is behind may miss (a tick: the next one says more). */
  droppable?: (message: Server) => boolean;
  /** How a message's fan-out paces its chunks (`studio-fan-out.ts`); `paced` when not given. */
  pace?: (message: Server) => FanOutPace;
}

export interface StudioSockets<Server> {
  /** Takes an upgrade of the game's WebSocket path for `provider`. */
  upgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    provider: string,
    address: string,
  ): void;
  /** To every joined connection. */
  broadcast(message: Server): void;
  /** To every connection of one player. */
  toPlayer(provider: string, playerId: string, message: Server): void;
  /** Open connections (joined or not). */
  count(): number;
  /** Connections that joined. */
  joined(): number;
  close(): Promise<void>;
}

interface Connection extends FanOutConnection {
  ws: WebSocket;
  /** The upgraded socket under `ws`: a fan-out's frames are written to it directly. */
  socket: Duplex;
  provider: string;
  address: string;
  player: StudioPlayer | null;
  joining: boolean;
  allowance: number;
  allowanceAt: number;
}

const playerKey = (provider: string, playerId: string) => `${provider}\n${playerId}`;

export function studioSockets<Client extends { type: string }, Server extends { type: string }>(
  game: StudioGame<Client, Server>,
  options: {
    wallet: WalletClient;
    log: { warn(object: unknown, message: string): void };
    /** A page joined (a table plays rounds while someone is there). */
    onJoin?: () => void;
    /** Connections one address may hold at once. */
    connectionsPerAddress: number;
    /** Connections a message to everyone is written to before the event loop takes other work. */
    fanOutChunk?: number;
  },
): StudioSockets<Server> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const connections = new Set<Connection>();
  const byPlayer = new Map<string, Set<Connection>>();
  const byAddress = new Map<string, number>();
  let joinedCount = 0;
  /** The joined connections, listed once for every broadcast until someone joins or leaves. */
  let joinedList: Connection[] | null = null;

  /** Writes one message to one connection, unless it is closed or too far behind. */
  function writeOne(connection: Connection, text: string): void {
    const { ws } = connection;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > 4 * SLOW_CONNECTION_BYTES) {
      ws.terminate();
      return;
    }
    ws.send(text);
  }

  /** A fan-out's frames joined once for all its connections (a fan-out's list never changes). */
  let joinedFramesOf: readonly FanOutMessage[] | null = null;
  let joinedFrames: Buffer = Buffer.alloc(0);
  function framesOf(messages: readonly FanOutMessage[]): Buffer {
    if (messages !== joinedFramesOf) {
      joinedFrames =
        messages.length === 1
          ? (messages[0] as FanOutMessage).data
          : Buffer.concat(messages.map((message) => message.data));
      joinedFramesOf = messages;
    }
    return joinedFrames;
  }

  /**
   * Writes a fan-out's messages, framed once for everyone, straight to the upgraded socket in
   * one write: `ws` writes its own frames to that socket at once too (no compression is on), so
   * the two keep their order.
   */
  const fanOut = new ChunkedFanOut<Connection>((connection, messages) => {
    const { ws, socket } = connection;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > SLOW_CONNECTION_BYTES) {
      if (ws.bufferedAmount > 4 * SLOW_CONNECTION_BYTES) {
        ws.terminate();
        return;
      }
      for (const { data, droppable } of messages) if (!droppable) socket.write(data);
      return;
    }
    socket.write(framesOf(messages));
  }, options.fanOutChunk);

  function send(connection: Connection, message: Server | StudioMessage): void {
    fanOut.before(connection);
    writeOne(connection, JSON.stringify(message));
  }

  function joinedConnections(): Connection[] {
    if (joinedList) return joinedList;
    const list: Connection[] = [];
    for (const connection of connections) if (connection.player) list.push(connection);
    joinedList = list;
    return list;
  }

  function broadcast(message: Server): void {
    fanOut.spread(
      {
        data: textFrame(Buffer.from(JSON.stringify(message))),
        droppable: game.droppable?.(message) ?? false,
        pace: game.pace?.(message) ?? 'paced',
      },
      joinedConnections(),
    );
  }

  function toPlayer(provider: string, playerId: string, message: Server): void {
    const mine = byPlayer.get(playerKey(provider, playerId));
    if (!mine) return;
    const text = JSON.stringify(message);
    for (const connection of mine) {
      fanOut.before(connection);
      writeOne(connection, text);
    }
  }

  const protocolError = (connection: Connection, code: StudioRefusalCode, fatal: boolean) => {
    send(connection, { type: 'error', code, message: game.refusals[code], fatal });
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

  function seat(connection: Connection, player: StudioPlayer): void {
    if (connection.player) unseat(connection, connection.player);
    connection.player = player;
    const key = playerKey(player.provider, player.playerId);
    let mine = byPlayer.get(key);
    if (!mine) byPlayer.set(key, (mine = new Set()));
    mine.add(connection);
    joinedCount += 1;
    joinedList = null;
  }

  function unseat(connection: Connection, player: StudioPlayer): void {
    joinedCount -= 1;
    joinedList = null;
    const key = playerKey(player.provider, player.playerId);
    const mine = byPlayer.get(key);
    mine?.delete(connection);
    if (mine?.size === 0) byPlayer.delete(key);
  }

  async function join(connection: Connection, token: string): Promise<void> {
    connection.joining = true;
    const answer = await options.wallet.balance(connection.provider, {
      token,
      gameCode: game.gameCode,
    });
    connection.joining = false;
    if (connection.ws.readyState !== WebSocket.OPEN) return;
    if (answer.status === 'UNAVAILABLE') {
      return protocolError(connection, 'WALLET_UNAVAILABLE', false);
    }
    if (answer.status === 'ERROR') {
      const code: StudioRefusalCode =
        answer.code === 'TOKEN_EXPIRED'
          ? 'TOKEN_EXPIRED'
          : answer.code === 'RATE_LIMITED'
            ? 'RATE_LIMITED'
            : 'INVALID_TOKEN';
      return protocolError(connection, code, code !== 'RATE_LIMITED');
    }
    const player: StudioPlayer = {
      provider: connection.provider,
      playerId: answer.playerId,
      token,
      currency: answer.currency,
    };
    const welcome = game.welcome(player, answer.balanceMinor);
    if (!welcome) return protocolError(connection, 'TABLE_PAUSED', false);
    seat(connection, player);
    options.onJoin?.();
    send(connection, welcome);
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
    const parsed = game.schema.safeParse(value);
    if (!parsed.success) return protocolError(connection, 'BAD_MESSAGE', false);
    // Every game's protocol has `join` and `ping` as these shapes; the rest are its moves.
    const message = parsed.data as Client | JoinMessage | PingMessage;
    if (message.type === 'ping') {
      const { clientTime } = message as PingMessage;
      return send(connection, { type: 'pong', clientTime, serverTime: Date.now() });
    }
    const move = message as Exclude<Client, JoinMessage | PingMessage>;
    if (!allow(connection)) {
      if (message.type === 'join') return protocolError(connection, 'RATE_LIMITED', false);
      return send(connection, game.rateLimited(move));
    }
    if (message.type === 'join') {
      if (connection.joining) return protocolError(connection, 'BUSY', false);
      return join(connection, (message as JoinMessage).token);
    }
    const player = connection.player;
    if (!player) return protocolError(connection, 'NOT_JOINED', false);
    return game.move(player, move, (answer) => send(connection, answer));
  }

  function forget(connection: Connection): void {
    if (!connections.delete(connection)) return;
    const left = (byAddress.get(connection.address) ?? 1) - 1;
    if (left > 0) byAddress.set(connection.address, left);
    else byAddress.delete(connection.address);
    if (connection.player) unseat(connection, connection.player);
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
          socket,
          provider,
          address,
          player: null,
          joining: false,
          allowance: 2 * MOVES_PER_SECOND,
          allowanceAt: Date.now(),
          fanOutDue: false,
        };
        connections.add(connection);
        const joinTimer = setTimeout(() => {
          if (!connection.player) protocolError(connection, 'NOT_JOINED', true);
        }, JOIN_TIMEOUT_MS);
        joinTimer.unref();
        ws.on('message', (data, isBinary) => {
          onMessage(connection, data, isBinary).catch((error: unknown) => {
            options.log.warn(
              { err: error, game: game.gameCode },
              'house games: a message could not be handled',
            );
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
    broadcast,
    toPlayer,
    count: () => connections.size,
    joined: () => joinedCount,
    async close() {
      fanOut.finish();
      for (const connection of connections) connection.ws.close(1001, 'closing');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
