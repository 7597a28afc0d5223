/**
 * The card protocol's constants the pages need at run time. The contract's `card-games.ts`
 * builds its zod schemas as it loads, so importing any value from it would bring zod into a
 * game's bundle: the values are restated here, each typed by the contract's own `as const`
 * value (a copy that differs by one letter does not compile, and a list that misses a member of
 * the contract's union fails `satisfies Record<…>`); a test checks them value for value. The
 * play pages restate the few card constants they read too (`card-fairness.ts` builds its
 * starting deck as it loads, which a play page does not need); the verify pages, which shuffle,
 * take `card-fairness.ts` itself.
 */
import type { CardSide, CardSuit, TeenPattiHand } from '@backlay/contract/card-fairness';
import type {
  ANDAR_BAHAR_GAME_CODE as AndarBaharCode,
  CARD_HISTORY_LENGTH as HistoryLength,
  CARD_PROTOCOL_VERSION as ProtocolVersion,
  CARD_REFUSALS as Refusals,
  CARD_VERIFY_PARAMS as VerifyParams,
  CardBetKind,
  CardBetState,
  CardGameCode,
  CardPauseReason,
  CardWinner,
  DRAGON_TIGER_GAME_CODE as DragonTigerCode,
  LUCKY_SEVEN_GAME_CODE as LuckySevenCode,
  TEEN_PATTI_GAME_CODE as TeenPattiCode,
} from '@backlay/contract/card-games';

export const PROTOCOL_VERSION: typeof ProtocolVersion = 1;
export const HISTORY_LENGTH: typeof HistoryLength = 50;
export const VERIFY_PARAMS: typeof VerifyParams = {
  seed: 'seed',
  seedHash: 'hash',
  roundNumber: 'round',
};

export const TEEN_PATTI: typeof TeenPattiCode = 'mac_teen_patti';
export const ANDAR_BAHAR: typeof AndarBaharCode = 'dream_andar_bahar';
export const DRAGON_TIGER: typeof DragonTigerCode = 'mac_dragon_tiger';
export const LUCKY_SEVEN: typeof LuckySevenCode = 'king_lucky_seven';

const GAME_CODES = {
  [TEEN_PATTI]: true,
  [ANDAR_BAHAR]: true,
  [DRAGON_TIGER]: true,
  [LUCKY_SEVEN]: true,
} satisfies Record<CardGameCode, true>;
export const GAME_CODE_LIST = Object.keys(GAME_CODES) as CardGameCode[];

const BET_KINDS = {
  A: true,
  B: true,
  ANDAR: true,
  BAHAR: true,
  DRAGON: true,
  TIGER: true,
  TIE: true,
  LOW: true,
  HIGH: true,
  SEVEN: true,
} satisfies Record<CardBetKind, true>;
export const BET_KIND_LIST = Object.keys(BET_KINDS) as CardBetKind[];

const WINNERS = {
  A: true,
  B: true,
  ANDAR: true,
  BAHAR: true,
  DRAGON: true,
  TIGER: true,
  TIE: true,
  LOW: true,
  HIGH: true,
  SEVEN: true,
} satisfies Record<CardWinner, true>;
export const WINNER_LIST = Object.keys(WINNERS) as CardWinner[];

const BET_STATES = {
  PLACED: true,
  WON: true,
  PUSH: true,
  HALF_BACK: true,
  LOST: true,
  REFUNDED: true,
} satisfies Record<CardBetState, true>;
export const BET_STATE_LIST = Object.keys(BET_STATES) as CardBetState[];

const PAUSE_REASONS = {
  STARTING: true,
  WALLET_UNAVAILABLE: true,
  MAINTENANCE: true,
  STOPPING: true,
} satisfies Record<CardPauseReason, true>;
export const PAUSE_REASON_LIST = Object.keys(PAUSE_REASONS) as CardPauseReason[];

/** The contract's sentence for a page opened without a game session (`CARD_REFUSALS`). */
export const NO_SESSION: (typeof Refusals)['INVALID_TOKEN'] =
  'This game session is not valid. Open the game again from the casino.';

/** A card as the protocol writes it: rank then suit (`CARD_PATTERN`). */
export const CARD_PATTERN = /^(A|[2-9]|10|J|Q|K)[SHDC]$/;
/** A seed or its hash: 64 lowercase hex digits (`CARD_SEED_PATTERN`). */
export const SEED_PATTERN = /^[0-9a-f]{64}$/;

const SIDES = {
  A: true,
  B: true,
  JOKER: true,
  ANDAR: true,
  BAHAR: true,
  DRAGON: true,
  TIGER: true,
  CARD: true,
} satisfies Record<CardSide, true>;
export const SIDE_LIST = Object.keys(SIDES) as CardSide[];

const HANDS = {
  HIGH_CARD: true,
  PAIR: true,
  COLOR: true,
  SEQUENCE: true,
  PURE_SEQUENCE: true,
  TRAIL: true,
} satisfies Record<TeenPattiHand, true>;
export const HAND_LIST = Object.keys(HANDS) as TeenPattiHand[];

/** A card's rank as written (`"10H"` → `"10"`), for a card read with `CARD_PATTERN`. */
export function rankOf(card: string): string {
  return card.slice(0, -1);
}

/** A card's suit letter (`"10H"` → `"H"`), for a card read with `CARD_PATTERN`. */
export function suitOf(card: string): CardSuit {
  return card.slice(-1) as CardSuit;
}
