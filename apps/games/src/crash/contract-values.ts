/**
 * The protocol's constants the page needs at run time. The contract's `house-games.ts` builds
 * its zod schemas as it loads, so importing any value from it would bring zod (about 26 KB gzip)
 * into the game's bundle. The values are restated here instead, each typed by the contract's own
 * `as const` value: the compiler refuses a copy that differs from the contract by one letter,
 * and a list that misses a member (`satisfies Record<…>` over the contract's union). The lint
 * rule for `apps/games` allows only type imports from the contract's other modules.
 */
import type {
  CRASH_HISTORY_LENGTH as HistoryLength,
  CRASH_PROTOCOL_VERSION as ProtocolVersion,
  CRASH_REFUSALS as Refusals,
  CRASH_VERIFY_PARAMS as VerifyParams,
  CrashBetState,
  CrashPauseReason,
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

/** The contract's sentence for a page opened without a game session (`CRASH_REFUSALS`). */
export const NO_SESSION: (typeof Refusals)['INVALID_TOKEN'] =
  'This game session is not valid. Open the game again from the casino.';
