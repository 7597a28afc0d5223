/**
 * The real-time hub (product spec §3, §4, §9): the methods a client invokes, the `Message`
 * events the server pushes, their codes and the shape of each code's `Data`.
 *
 * Transport: the ASP.NET Core SignalR JSON hub protocol over WebSocket at `HUB_PATH`, so the
 * client uses `@microsoft/signalr` unmodified (negotiate at `HUB_PATH/negotiate`). The access
 * token goes in `accessTokenFactory`; guests connect without one and then receive market
 * pushes only. A token the server refuses fails the connection (negotiate answers 401).
 *
 * Every server push is one invocation of the client method `Message` with one argument
 * `{ Code, Data }`, where `Data` is a JSON string whose shape the code names:
 *
 * | Code           | Data                                                        | to whom                  |
 * | -------------- | ----------------------------------------------------------- | ------------------------ |
 * | `UserBalance`  | `{"Balance":1234.50,"Exposure":100.00}` (rupees, 2 places)  | every connection of that player |
 * | `MarketOdds`   | `MarketOddsData`: best prices and sizes per runner          | connections watching the market |
 * | `MarketStatus` | `MarketStatusData`: open, suspended or closed, in play      | connections watching the market |
 *
 * `UserBalance` is the spec's; the market codes are ours. A client ignores codes it does not
 * know (`parseHubMessage` returns null), so the server can add codes without breaking it.
 */
import { z } from 'zod';
import { HUB_METHODS, HUB_PATH } from './route-entry';
import { SUSPENDED_REASON_MAX_LENGTH } from './sports';

export { HUB_PATH };

/** Methods a client invokes on the hub; names are case-sensitive on the wire. */
export const HUB_SERVER_METHODS = {
  ...HUB_METHODS,
  watchMarkets: 'WatchMarkets',
  unwatchMarkets: 'UnwatchMarkets',
} as const;
export type HubServerMethod = (typeof HUB_SERVER_METHODS)[keyof typeof HUB_SERVER_METHODS];

/** The one client method the server invokes: `connection.on(HUB_MESSAGE_TARGET, handler)`. */
export const HUB_MESSAGE_TARGET = 'Message';

/** The codes of `Message` events. */
export const HUB_MESSAGE_CODES = {
  userBalance: 'UserBalance',
  marketOdds: 'MarketOdds',
  marketStatus: 'MarketStatus',
} as const;
export type HubMessageCode = (typeof HUB_MESSAGE_CODES)[keyof typeof HUB_MESSAGE_CODES];

/** Timings of spec §9, shared by the server's defaults and the client's settings. */
export const HUB_TIMINGS = {
  /** The server pings a connection that has been sent nothing for this long. */
  keepAliveIntervalMs: 15_000,
  /** Either side closes a connection it has heard nothing from for this long. */
  serverTimeoutMs: 30_000,
  /** The client's `SendHeartbeat` period while it holds a token. */
  heartbeatIntervalMs: 20_000,
  /** The client's reconnect delays, then it gives up. */
  reconnectDelaysMs: [0, 2_000, 10_000, 30_000],
  /** Timeout of the client's negotiate request. */
  httpTimeoutMs: 100_000,
} as const;

/** Limits the server enforces on every connection. */
export const HUB_LIMITS = {
  /** A larger incoming message closes the connection with an error. */
  maxMessageBytes: 32 * 1024,
  /** Markets one connection may watch at once. */
  maxWatchedMarkets: 100,
  /** Connections of one player on one server; a newer one closes the oldest. */
  maxConnectionsPerPlayer: 10,
} as const;

/** A client's description of itself, as `RegisterClient`'s one argument (spec §3). */
export const registerClientSchema = z.object({
  /** The browser's user agent or name. */
  Browser: z.string().max(512),
  /** The site the client runs on, as the client knows it. */
  Domain: z.string().trim().min(1).max(253),
  /** The route the player is on. */
  CurrentPage: z.string().max(2048),
  /** The access token, empty or null for guests; when given it must be valid. */
  Token: z.string().max(4096).nullish(),
});
export type RegisterClientRequest = z.infer<typeof registerClientSchema>;

/** `SendHeartbeat`'s one argument: the registration plus GroupBy (spec §3). */
export const heartbeatSchema = registerClientSchema.extend({
  GroupBy: z.union([z.string().max(100), z.number()]).nullish(),
});
export type HeartbeatRequest = z.infer<typeof heartbeatSchema>;

/** What `RegisterClient` answers. */
export const registerClientResultSchema = z.object({
  ConnectionId: z.string(),
  /** True when the connection acts for a player and receives `UserBalance`. */
  Authenticated: z.boolean(),
});
export type RegisterClientResult = z.infer<typeof registerClientResultSchema>;

/** A market id as the sports API names markets. */
export const marketIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, 'Market ids are 1 to 64 letters, digits, . _ : -');

/** `WatchMarkets` and `UnwatchMarkets` take one argument: an array of market ids. */
export const marketIdsSchema = z.array(marketIdSchema).min(1).max(HUB_LIMITS.maxWatchedMarkets);

/** What `WatchMarkets` and `UnwatchMarkets` answer: every market the connection now watches. */
export const watchMarketsResultSchema = z.object({ Watching: z.array(marketIdSchema) });
export type WatchMarketsResult = z.infer<typeof watchMarketsResultSchema>;

/** The one argument of every `Message` event. */
export const hubMessageSchema = z.object({ Code: z.string(), Data: z.string() });
export type HubMessage = z.infer<typeof hubMessageSchema>;

/**
 * `UserBalance` data: the player's balance and exposure in rupees, and the version of those
 * figures (it grows with every movement of the player's money: of two pushes, the one with the
 * greater version is the later, whatever order they arrive in).
 */
export const userBalanceDataSchema = z.object({
  Balance: z.number(),
  Exposure: z.number(),
  Version: z.number().int().nonnegative().optional(),
});
export type UserBalanceData = z.infer<typeof userBalanceDataSchema>;

const priceSizeSchema = z.object({
  /** Decimal odds on the exchange ladder (1.01 to 1000). */
  Price: z.number().min(1.01).max(1000),
  /** Rupees available at that price. */
  Size: z.number().nonnegative(),
});

/** `MarketOdds` data: the best prices of every runner, best first. */
export const marketOddsDataSchema = z.object({
  MarketId: marketIdSchema,
  Runners: z
    .array(
      z.object({
        RunnerId: z.union([z.string().max(64), z.number().int()]),
        Back: z.array(priceSizeSchema).max(10),
        Lay: z.array(priceSizeSchema).max(10),
      }),
    )
    .max(100),
  /** When the server published it, in epoch milliseconds. */
  PublishedAt: z.number().int().nonnegative(),
});
export type MarketOddsData = z.infer<typeof marketOddsDataSchema>;

export const MARKET_STATUSES = ['open', 'suspended', 'closed'] as const;

/** `MarketStatus` data: whether bets are taken, and whether the event is in play. */
export const marketStatusDataSchema = z.object({
  MarketId: marketIdSchema,
  Status: z.enum(MARKET_STATUSES),
  InPlay: z.boolean(),
  /**
   * Why the feed suspended the market ('Ball running', 'Wicket'), while suspended; null or
   * absent otherwise (an operator's suspension gives none).
   */
  Reason: z.string().max(SUSPENDED_REASON_MAX_LENGTH).nullable().optional(),
  PublishedAt: z.number().int().nonnegative(),
});
export type MarketStatusData = z.infer<typeof marketStatusDataSchema>;

/** A `Message` event decoded by its code. */
export type DecodedHubMessage =
  | { code: 'UserBalance'; data: UserBalanceData }
  | { code: 'MarketOdds'; data: MarketOddsData }
  | { code: 'MarketStatus'; data: MarketStatusData };

const DATA_SCHEMAS = {
  UserBalance: userBalanceDataSchema,
  MarketOdds: marketOddsDataSchema,
  MarketStatus: marketStatusDataSchema,
} as const;

/**
 * Decodes a `Message` event's argument; null for a code this client does not know. Throws
 * when a known code carries data of the wrong shape, which is a server bug worth logging.
 */
export function parseHubMessage(argument: unknown): DecodedHubMessage | null {
  const message = hubMessageSchema.parse(argument);
  if (!Object.hasOwn(DATA_SCHEMAS, message.Code)) return null;
  const code = message.Code as HubMessageCode;
  return { code, data: DATA_SCHEMAS[code].parse(JSON.parse(message.Data)) } as DecodedHubMessage;
}

/** Minor units as a JSON number with two decimal places: 1234550 → `12345.50`. */
export function rupeesJson(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor)) throw new Error(`${amountMinor} is not a safe integer`);
  const sign = amountMinor < 0 ? '-' : '';
  const abs = Math.abs(amountMinor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The `UserBalance` message for a balance and exposure in minor units, and their version. */
export function userBalanceMessage(
  balanceMinor: number,
  exposureMinor: number,
  version: number,
): HubMessage {
  if (!Number.isSafeInteger(version) || version < 0) throw new Error(`bad version ${version}`);
  return {
    Code: HUB_MESSAGE_CODES.userBalance,
    Data: `{"Balance":${rupeesJson(balanceMinor)},"Exposure":${rupeesJson(exposureMinor)},"Version":${version}}`,
  };
}

/** The `MarketOdds` message for validated odds. */
export function marketOddsMessage(data: MarketOddsData): HubMessage {
  return {
    Code: HUB_MESSAGE_CODES.marketOdds,
    Data: JSON.stringify(marketOddsDataSchema.parse(data)),
  };
}

/** The `MarketStatus` message for a validated status. */
export function marketStatusMessage(data: MarketStatusData): HubMessage {
  return {
    Code: HUB_MESSAGE_CODES.marketStatus,
    Data: JSON.stringify(marketStatusDataSchema.parse(data)),
  };
}

/** What `Account/TopUpDemoBalance` answers: the demo player's balance and exposure in rupees. */
export const demoTopUpResultSchema = z.object({ balance: z.number(), exposure: z.number() });
export type DemoTopUpResult = z.infer<typeof demoTopUpResultSchema>;
