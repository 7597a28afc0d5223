/**
 * The protocol's constants the page needs at run time. The contract's `house-games.ts` builds
 * its zod schemas as it loads, so importing any value from it would bring zod (about 26 KB gzip)
 * into the game's bundle. The values are restated here instead, each typed by the contract's own
 * `as const` value: the compiler refuses a copy that differs from the contract by one letter,
 * and a list that misses a member (`satisfies Record<…>` over the contract's union). The
 * refusals' English sentences are restated the same way in `words-en.ts`. The lint
 * rule for `apps/games` allows only type imports from the contract's other modules.
 */
import type {
  CRASH_HISTORY_LENGTH as HistoryLength,
  CRASH_PROTOCOL_VERSION as ProtocolVersion,
  CRASH_VERIFY_PARAMS as VerifyParams,
  CrashBetState,
  CrashPauseReason,
  CrashRefusalCode,
} from '@backlay/contract/house-games';

export const PROTOCOL_VERSION: typeof ProtocolVersion = 1;
export const HISTORY_LENGTH: typeof HistoryLength = 50;
export const VERIFY_PARAMS: typeof VerifyParams = {
  hash: 'hash',
  salt: 'salt',
  houseEdgeBp: 'edge',
  previousHash: 'previous',
};

const BET_STATES = {
  PLACED: true,
  CASHED_OUT: true,
  LOST: true,
  CANCELLED: true,
} satisfies Record<CrashBetState, true>;
export const BET_STATE_LIST = Object.keys(BET_STATES) as CrashBetState[];

const PAUSE_REASONS = {
  STARTING: true,
  WALLET_UNAVAILABLE: true,
  MAINTENANCE: true,
  STOPPING: true,
} satisfies Record<CrashPauseReason, true>;
export const PAUSE_REASON_LIST = Object.keys(PAUSE_REASONS) as CrashPauseReason[];

const REFUSAL_CODES = {
  NOT_JOINED: true,
  BAD_MESSAGE: true,
  INVALID_TOKEN: true,
  TOKEN_EXPIRED: true,
  BETTING_CLOSED: true,
  TABLE_PAUSED: true,
  SLOT_TAKEN: true,
  NO_BET: true,
  NOT_RUNNING: true,
  ALREADY_CASHED_OUT: true,
  CRASHED: true,
  BELOW_MIN_BET: true,
  ABOVE_MAX_BET: true,
  BAD_AUTO_CASH_OUT: true,
  INSUFFICIENT_FUNDS: true,
  PLAYER_BLOCKED: true,
  LIMIT_REACHED: true,
  UNKNOWN_GAME: true,
  RATE_LIMITED: true,
  WALLET_UNAVAILABLE: true,
  BUSY: true,
} satisfies Record<CrashRefusalCode, true>;
export const REFUSAL_CODE_LIST = Object.keys(REFUSAL_CODES) as CrashRefusalCode[];
