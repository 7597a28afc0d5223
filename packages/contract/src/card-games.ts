/**
 * The games studio's live-style card games (issue #27): Teen Patti 20-20 (`mac_teen_patti`),
 * Andar Bahar (`dream_andar_bahar`), Dragon Tiger (`mac_dragon_tiger`) and Lucky 7
 * (`king_lucky_seven`). One protocol for the four, each message naming its `gameCode`; what differs between them is data (the rule table
 * of `CARD_GAMES`) and the cards' `side`s. The studio is a casino provider like crash
 * (`house-games.ts`): the page holds the launch URL's player token, the studio's server turns
 * each bet into a signed wallet callback and answers with the balance the wallet answered.
 *
 * Where things are (same origin as the lobby, inside its frame):
 * - the game's page: `cardGamePath(provider, gameCode)` = `/games/<provider>/<gameCode>/`. The
 *   launch URL `/games/<provider>/?token=…&game=<gameCode>&lang=…` is redirected there with the
 *   same query. The folder `apps/games/dist/<CARD_GAMES[code].folder>/` (`teen-patti`,
 *   `andar-bahar`, `dragon-tiger`, `lucky-seven`) is served as it is under that path (relative asset URLs);
 *   503 with a sentence when it is not built.
 * - the WebSocket: `cardSocketPath(provider, gameCode)` = `…/<gameCode>/ws`. Text frames, one
 *   JSON message each, `type` naming it. The first message is `join` with the launch token; a
 *   page that has not joined gets `error` NOT_JOINED to anything else.
 * - the last rounds with their revealed seeds, for the verify page: `GET cardRoundsPath(…)` =
 *   `…/<gameCode>/rounds` answers `cardRoundsAnswerSchema` (no token needed).
 *
 * Units: money in whole minor units (paise), `…Minor`; payouts in hundredths of the stake,
 * stake included (`payoutCenti` 198 = 1.98×); times in epoch milliseconds of the server's clock
 * (`…At`, `serverTime`). Cards are strings (`"AS"`, `"10H"`, `"KD"`: rank then suit letter
 * S ♠ H ♥ D ♦ C ♣), with helpers `cardRank`, `cardSuit`, `cardLabel` (`card-fairness.ts`).
 *
 * Rounds (one table per game, shared by every player of it, one round at a time):
 * `BETTING` (a new `seedHash` published; bets taken until `bettingEndsAt`) → `DEALING` (from
 * `startedAt` one card every `cardMs` on the server's clock: one `card` message each, which a
 * page animates) → `RESULT` (the winner, every bet settled, the seed revealed; the pause until
 * `nextRoundAt`) → the next round's `BETTING`. `PAUSED` means the table plays no rounds just now
 * (see `reason`). Each phase change is one `round` message to every connection; the round in
 * `welcome` and `round` carries the cards dealt so far, so a page that (re)joins mid-deal draws
 * them at once.
 *
 * Bets: during `BETTING` only, any of the game's bet kinds, several per round (each a debit of
 * its own, `betAccepted` once the wallet took it), within the table's limits: per bet kind the
 * player's round total from `minBetMinor` (each bet) to `maxBetMinor` (all of that kind), and
 * `maxRoundStakeMinor` over every kind. The two sides of one duel (A and B, Andar and Bahar,
 * Dragon and Tiger, Low and High) cannot both be bet in one round (OPPOSITE_SIDE): a hedge that
 * only churns turnover. A bet cannot be taken back. At `RESULT` each bet is settled once by its rule
 * (`cardBetReturnMinor`): a win credits `payoutCenti` of the stake, a push gives the stake back,
 * a half-back gives half (rounded down to the paisa), a loss credits zero; the player's page
 * gets one `settled` message with its bets and the balance after.
 *
 * Compatibility: messages and fields are only ever added. A page ignores a `type` or a field it
 * does not know (the schemas here strip them).
 */
import { z } from 'zod';
import {
  CARD_PATTERN,
  CARD_SEED_PATTERN,
  CARD_SIDES,
  dealAndarBahar,
  dealDragonTiger,
  dealLuckySeven,
  dealTeenPatti,
  shuffledDeck,
  TEEN_PATTI_HANDS,
  type DealtCard,
  type TeenPattiHand,
} from './card-fairness';
import { HOUSE_GAMES_PREFIX, parseStudioMessage } from './house-games';

export {
  CARD_PATTERN,
  CARD_RANKS,
  CARD_SEED_PATTERN,
  CARD_SIDES,
  CARD_SUITS,
  cardAt,
  cardIndex,
  cardLabel,
  cardRank,
  cardRankValue,
  cardSuit,
  dealAndarBahar,
  dealDragonTiger,
  dealLuckySeven,
  dealTeenPatti,
  DECK_SIZE,
  isRedCard,
  LUCKY_RANK,
  randomStream,
  seedHashOf,
  seedMatchesHash,
  shuffledDeck,
  STARTING_DECK,
  SUIT_SYMBOLS,
  TEEN_PATTI_HANDS,
  teenPattiHand,
  type CardSide,
  type CardSuit,
  type DealtCard,
  type ShuffleInput,
  type TeenPattiHand,
} from './card-fairness';

/** The protocol's version; `join` may name it and `welcome` says which one the server speaks. */
export const CARD_PROTOCOL_VERSION = 1;

export const TEEN_PATTI_GAME_CODE = 'mac_teen_patti';
export const ANDAR_BAHAR_GAME_CODE = 'dream_andar_bahar';
export const DRAGON_TIGER_GAME_CODE = 'mac_dragon_tiger';
export const LUCKY_SEVEN_GAME_CODE = 'king_lucky_seven';
export const CARD_GAME_CODES = [
  TEEN_PATTI_GAME_CODE,
  ANDAR_BAHAR_GAME_CODE,
  DRAGON_TIGER_GAME_CODE,
  LUCKY_SEVEN_GAME_CODE,
] as const;
export type CardGameCode = (typeof CARD_GAME_CODES)[number];

export function isCardGameCode(code: string): code is CardGameCode {
  return (CARD_GAME_CODES as readonly string[]).includes(code);
}

/** Every bet kind of the four games. */
export const CARD_BET_KINDS = [
  'A',
  'B',
  'ANDAR',
  'BAHAR',
  'DRAGON',
  'TIGER',
  'TIE',
  'LOW',
  'HIGH',
  'SEVEN',
] as const;
export type CardBetKind = (typeof CARD_BET_KINDS)[number];

/** Every winner a round can name. */
export const CARD_WINNERS = [
  'A',
  'B',
  'ANDAR',
  'BAHAR',
  'DRAGON',
  'TIGER',
  'TIE',
  'LOW',
  'HIGH',
  'SEVEN',
] as const;
export type CardWinner = (typeof CARD_WINNERS)[number];

/** What a bet returns when the round's winner is not the bet's own. */
export interface CardBetFallback {
  /** The winner this applies to. */
  on: CardWinner;
  /** What comes back, in hundredths of the stake: 100 a push (stake back), 50 half back. */
  returnCenti: number;
}

/** One row of a game's rule table: what the page shows and the server pays from. */
export interface CardBetRule {
  kind: CardBetKind;
  /** The page's English label (pages translate by `kind`). */
  label: string;
  /** The winner this bet backs. */
  winsOn: CardWinner;
  /** What a win pays, stake included, in hundredths (198 = 1.98×). */
  payoutCenti: number;
  /** Pushes and half-backs: any other winner loses the whole stake. */
  otherwise: readonly CardBetFallback[];
  /**
   * The house edge in parts per million of the stake (29412 = 2.9412%): 1 − the bet's average
   * return, from the game's exact probabilities (proved by the contract's tests).
   */
  houseEdgePpm: number;
  /** The other side of the same duel: the two cannot both be bet in one round. */
  opposite?: CardBetKind;
}

/** A game of the studio's card tables. */
export interface CardGame {
  code: CardGameCode;
  /** The catalogue's game id. */
  gameId: number;
  /** The provider whose catalogue lists it. */
  provider: string;
  name: string;
  /** The bundle's folder under `apps/games/dist/`. */
  folder: string;
  /** The winners a round can have. */
  winners: readonly CardWinner[];
  rules: readonly CardBetRule[];
}

/**
 * The four games and their rule tables.
 * - Teen Patti 20-20: A and B each pay 1.98; a tie pushes both (the stake comes back). Ties
 *   come in 450,528 of the 407,170,400 ordered deals of two hands (about 0.11%), so each side
 *   returns 0.99 × (1 − P(tie)) + P(tie): an edge of 0.9989%.
 * - Andar Bahar: Andar (dealt first after the joker) wins 51.50% of rounds and pays 1.90;
 *   Bahar pays 2.00. Edges 2.1489% and 3.0012%.
 * - Dragon Tiger: ranks tie 3 times in 51 (1/17). Dragon and Tiger pay 2.00 and give half the
 *   stake back on a tie: 8/17 × 2 + 1/17 × ½ = 16.5/17 (edge 2.9412%); Tie pays 12.00:
 *   12/17 (edge 29.4118%). No Suited Tie: from one 52-card deck the two cards can never match
 *   in suit and rank at once.
 * - Lucky 7: one card. Low (A–6, 24 cards in 52) and High (8–K, 24 in 52) pay 2.00 and lose on
 *   a 7: 24/52 × 2 = 12/13 (edge 7.6923%); Seven (4 in 52) pays 12.00: 4/52 × 12 = 12/13, the
 *   same edge. No Red or Black bet: a round names one winner, and a colour would be a second.
 */
export const CARD_GAMES: Record<CardGameCode, CardGame> = {
  [TEEN_PATTI_GAME_CODE]: {
    code: TEEN_PATTI_GAME_CODE,
    gameId: 201210,
    provider: 'mac',
    name: 'Teen Patti 20-20',
    folder: 'teen-patti',
    winners: ['A', 'B', 'TIE'],
    rules: [
      {
        kind: 'A',
        label: 'Player A',
        winsOn: 'A',
        payoutCenti: 198,
        otherwise: [{ on: 'TIE', returnCenti: 100 }],
        houseEdgePpm: 9_989,
        opposite: 'B',
      },
      {
        kind: 'B',
        label: 'Player B',
        winsOn: 'B',
        payoutCenti: 198,
        otherwise: [{ on: 'TIE', returnCenti: 100 }],
        houseEdgePpm: 9_989,
        opposite: 'A',
      },
    ],
  },
  [ANDAR_BAHAR_GAME_CODE]: {
    code: ANDAR_BAHAR_GAME_CODE,
    gameId: 101002,
    provider: 'dream',
    name: 'Andar Bahar',
    folder: 'andar-bahar',
    winners: ['ANDAR', 'BAHAR'],
    rules: [
      {
        kind: 'ANDAR',
        label: 'Andar',
        winsOn: 'ANDAR',
        payoutCenti: 190,
        otherwise: [],
        houseEdgePpm: 21_489,
        opposite: 'BAHAR',
      },
      {
        kind: 'BAHAR',
        label: 'Bahar',
        winsOn: 'BAHAR',
        payoutCenti: 200,
        otherwise: [],
        houseEdgePpm: 30_012,
        opposite: 'ANDAR',
      },
    ],
  },
  [DRAGON_TIGER_GAME_CODE]: {
    code: DRAGON_TIGER_GAME_CODE,
    gameId: 201220,
    provider: 'mac',
    name: 'Dragon Tiger',
    folder: 'dragon-tiger',
    winners: ['DRAGON', 'TIGER', 'TIE'],
    rules: [
      {
        kind: 'DRAGON',
        label: 'Dragon',
        winsOn: 'DRAGON',
        payoutCenti: 200,
        otherwise: [{ on: 'TIE', returnCenti: 50 }],
        houseEdgePpm: 29_412,
        opposite: 'TIGER',
      },
      {
        kind: 'TIGER',
        label: 'Tiger',
        winsOn: 'TIGER',
        payoutCenti: 200,
        otherwise: [{ on: 'TIE', returnCenti: 50 }],
        houseEdgePpm: 29_412,
        opposite: 'DRAGON',
      },
      {
        kind: 'TIE',
        label: 'Tie',
        winsOn: 'TIE',
        payoutCenti: 1_200,
        otherwise: [],
        houseEdgePpm: 294_118,
      },
    ],
  },
  [LUCKY_SEVEN_GAME_CODE]: {
    code: LUCKY_SEVEN_GAME_CODE,
    gameId: 301006,
    provider: 'king',
    name: 'Lucky Seven',
    folder: 'lucky-seven',
    winners: ['LOW', 'SEVEN', 'HIGH'],
    rules: [
      {
        kind: 'LOW',
        label: 'Low',
        winsOn: 'LOW',
        payoutCenti: 200,
        otherwise: [],
        houseEdgePpm: 76_923,
        opposite: 'HIGH',
      },
      {
        kind: 'HIGH',
        label: 'High',
        winsOn: 'HIGH',
        payoutCenti: 200,
        otherwise: [],
        houseEdgePpm: 76_923,
        opposite: 'LOW',
      },
      {
        kind: 'SEVEN',
        label: 'Seven',
        winsOn: 'SEVEN',
        payoutCenti: 1_200,
        otherwise: [],
        houseEdgePpm: 76_923,
      },
    ],
  },
};

/** A game's rule for a bet kind, or undefined when the game has no such bet. */
export function cardBetRule(gameCode: CardGameCode, kind: string): CardBetRule | undefined {
  return CARD_GAMES[gameCode].rules.find((rule) => rule.kind === kind);
}

/** How a settled bet came out. */
export const CARD_BET_OUTCOMES = ['WON', 'PUSH', 'HALF_BACK', 'LOST'] as const;
export type CardBetOutcome = (typeof CARD_BET_OUTCOMES)[number];

/** What a bet returns for a round's winner, in hundredths of its stake (0: lost). */
export function cardBetReturnCenti(rule: CardBetRule, winner: CardWinner): number {
  if (winner === rule.winsOn) return rule.payoutCenti;
  return rule.otherwise.find((fallback) => fallback.on === winner)?.returnCenti ?? 0;
}

/** How a bet came out for a round's winner. */
export function cardBetOutcome(rule: CardBetRule, winner: CardWinner): CardBetOutcome {
  const centi = cardBetReturnCenti(rule, winner);
  if (winner === rule.winsOn) return 'WON';
  if (centi >= 100) return 'PUSH';
  return centi > 0 ? 'HALF_BACK' : 'LOST';
}

/**
 * What a bet of `amountMinor` returns (stake included) for a round's winner, in minor units,
 * rounded down to the paisa (exact integer maths).
 */
export function cardBetReturnMinor(
  rule: CardBetRule,
  winner: CardWinner,
  amountMinor: number,
): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) {
    throw new RangeError('A stake is a whole number of minor units');
  }
  return Number((BigInt(amountMinor) * BigInt(cardBetReturnCenti(rule, winner))) / 100n);
}

/** A house edge in parts per million as players read it: 29412 → "2.94%". */
export function formatHouseEdge(ppm: number, digits = 2): string {
  return `${(ppm / 10_000).toFixed(digits)}%`;
}

/** A round's outcome, as the deal of its game gives it. */
export interface CardRoundResult {
  /** Every card dealt, in the order of reveal. */
  cards: DealtCard[];
  winner: CardWinner;
  /** Teen Patti: the two hands' names. */
  hands?: { A: TeenPattiHand; B: TeenPattiHand };
}

/** A game's deal of a shuffled deck. */
export function dealCardGame(gameCode: CardGameCode, deck: readonly string[]): CardRoundResult {
  if (gameCode === TEEN_PATTI_GAME_CODE) {
    const deal = dealTeenPatti(deck);
    return { cards: deal.cards, winner: deal.winner, hands: { A: deal.handA, B: deal.handB } };
  }
  if (gameCode === ANDAR_BAHAR_GAME_CODE) return dealAndarBahar(deck);
  if (gameCode === LUCKY_SEVEN_GAME_CODE) return dealLuckySeven(deck);
  return dealDragonTiger(deck);
}

/**
 * A round's outcome from its seed: the shuffle of `card-fairness.ts` for the game and round
 * number, then the game's deal. What the server plays and the verify page recomputes.
 */
export function cardRoundFromSeed(
  gameCode: CardGameCode,
  seed: string,
  roundNumber: number,
): CardRoundResult {
  return dealCardGame(gameCode, shuffledDeck({ seed, gameCode, roundNumber }));
}

/** A game's page. */
export function cardGamePath(provider: string, gameCode: string): string {
  return `${HOUSE_GAMES_PREFIX}/${provider}/${gameCode}/`;
}

/** A game's WebSocket. */
export function cardSocketPath(provider: string, gameCode: string): string {
  return `${cardGamePath(provider, gameCode)}ws`;
}

/** A game's last rounds with their revealed seeds, as JSON (`cardRoundsAnswerSchema`). */
export function cardRoundsPath(provider: string, gameCode: string): string {
  return `${cardGamePath(provider, gameCode)}rounds`;
}

/** The query parameters a link to a card game's verify page may carry (all optional). */
export const CARD_VERIFY_PARAMS = {
  seed: 'seed',
  seedHash: 'hash',
  roundNumber: 'round',
} as const;

/** The studio's default timings: a 12 s betting window, a card every 600 ms, a 4 s pause. */
export const CARD_DEFAULT_TIMINGS = { bettingMs: 12_000, cardMs: 600, pauseMs: 4_000 } as const;

/** The most entries of the last rounds a `welcome` carries. */
export const CARD_HISTORY_LENGTH = 50;

const minor = z.number().int().min(0).max(1_000_000_000_000_000);
const epochMs = z.number().int().nonnegative();
const idSchema = z.string().min(1).max(100);
const requestIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'A request id is 1 to 64 letters, digits or . _ : -');
export const cardSchema = z.string().regex(CARD_PATTERN, 'A card is a rank then a suit: AS, 10H');
export const cardSeedSchema = z
  .string()
  .regex(CARD_SEED_PATTERN, 'A seed or its hash is 64 lowercase hex digits');
export const cardGameCodeSchema = z.enum(CARD_GAME_CODES);
export const cardBetKindSchema = z.enum(CARD_BET_KINDS);
export const cardWinnerSchema = z.enum(CARD_WINNERS);

// ---------------------------------------------------------------------------------------------
// What a page sends.

/** The first message: the launch URL's player token, and the page's language. */
export const cardJoinSchema = z.object({
  type: z.literal('join'),
  token: z.string().min(16).max(200),
  lang: z.enum(['en', 'hi']).optional(),
  protocol: z.number().int().positive().optional(),
});

/** A bet on the round in its betting window. */
export const cardBetSchema = z.object({
  type: z.literal('bet'),
  requestId: requestIdSchema,
  betKind: cardBetKindSchema,
  amountMinor: minor.min(1),
});

/** A clock check: the server answers `pong` with its time at once. */
export const cardPingSchema = z.object({
  type: z.literal('ping'),
  clientTime: z.number(),
});

export const cardClientMessageSchema = z.discriminatedUnion('type', [
  cardJoinSchema,
  cardBetSchema,
  cardPingSchema,
]);
export type CardJoin = z.infer<typeof cardJoinSchema>;
export type CardBet = z.infer<typeof cardBetSchema>;
export type CardPing = z.infer<typeof cardPingSchema>;
export type CardClientMessage = z.infer<typeof cardClientMessageSchema>;

// ---------------------------------------------------------------------------------------------
// What the server tells: the table, the round.

const betLimitsSchema = z.object({ minBetMinor: minor, maxBetMinor: minor });

/** The table's settings, from the studio's configuration (limits may change between rounds). */
export const cardTableSchema = z.object({
  gameCode: cardGameCodeSchema,
  gameId: z.number().int().positive(),
  name: z.string(),
  currency: z.string(),
  bettingMs: z.number().int().positive(),
  /** The time between two cards while dealing. */
  cardMs: z.number().int().positive(),
  pauseMs: z.number().int().nonnegative(),
  /** Per bet kind: each bet at least `minBetMinor`, the player's round total at most `maxBetMinor`. */
  limits: z.partialRecord(cardBetKindSchema, betLimitsSchema),
  /** The most one player may stake in a round, over every bet kind. */
  maxRoundStakeMinor: minor,
});
export type CardTable = z.infer<typeof cardTableSchema>;

const fallbackSchema = z.object({ on: cardWinnerSchema, returnCenti: z.number().int().min(0) });

/** A rule table's row, as `CARD_GAMES` has it (the page draws its table from this). */
export const cardBetRuleSchema = z.object({
  kind: cardBetKindSchema,
  label: z.string(),
  winsOn: cardWinnerSchema,
  payoutCenti: z.number().int().positive(),
  otherwise: z.array(fallbackSchema),
  houseEdgePpm: z.number().int(),
  opposite: cardBetKindSchema.optional(),
});

export const dealtCardSchema = z.object({
  /** The order of reveal: 0 first. */
  position: z.number().int().nonnegative(),
  /** Teen Patti A/B, Andar Bahar JOKER/ANDAR/BAHAR, Dragon Tiger DRAGON/TIGER, Lucky 7 CARD. */
  side: z.enum(CARD_SIDES),
  card: cardSchema,
});
export type DealtCardMessage = z.infer<typeof dealtCardSchema>;

/** Why a table plays no rounds just now. */
export const CARD_PAUSE_REASONS = [
  'STARTING',
  'WALLET_UNAVAILABLE',
  'MAINTENANCE',
  'STOPPING',
] as const;
export type CardPauseReason = (typeof CARD_PAUSE_REASONS)[number];

const teenPattiHandSchema = z.enum(TEEN_PATTI_HANDS);

const roundBase = {
  gameCode: cardGameCodeSchema,
  /** The studio's round id: the wallet rounds of its bets are `<roundId>.<n>`. */
  roundId: idSchema,
  /** The table's round number, in the shuffle's HMAC message. */
  number: z.number().int().positive(),
  /** SHA-256 of the seed's bytes, published before betting (`seedHashOf`). */
  seedHash: cardSeedSchema,
};

/** The round as it stands: one shape per phase. */
export const cardRoundSchema = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('BETTING'), ...roundBase, bettingEndsAt: epochMs }),
  z.object({
    phase: z.literal('DEALING'),
    ...roundBase,
    /** When the first card is revealed; card `position` p at `startedAt + p × cardMs`. */
    startedAt: epochMs,
    cardMs: z.number().int().positive(),
    /** The cards revealed so far. */
    cards: z.array(dealtCardSchema),
  }),
  z.object({
    phase: z.literal('RESULT'),
    ...roundBase,
    cards: z.array(dealtCardSchema),
    winner: cardWinnerSchema,
    /** Teen Patti: the two hands' names. */
    hands: z.object({ A: teenPattiHandSchema, B: teenPattiHandSchema }).optional(),
    /** The server seed, revealed: `seedHashOf(seed) === seedHash`. */
    seed: cardSeedSchema,
    /** When the next betting window opens. */
    nextRoundAt: epochMs,
  }),
  z.object({
    phase: z.literal('PAUSED'),
    gameCode: cardGameCodeSchema,
    reason: z.enum(CARD_PAUSE_REASONS),
    message: z.string(),
  }),
]);
export type CardRound = z.infer<typeof cardRoundSchema>;
export type CardPhase = CardRound['phase'];

/** A finished round in the last rounds' list (and the rounds JSON). */
export const cardHistoryEntrySchema = z.object({
  gameCode: cardGameCodeSchema,
  roundId: idSchema,
  number: z.number().int().positive(),
  winner: cardWinnerSchema,
  cards: z.array(dealtCardSchema),
  hands: z.object({ A: teenPattiHandSchema, B: teenPattiHandSchema }).optional(),
  seedHash: cardSeedSchema,
  seed: cardSeedSchema,
  endedAt: epochMs,
});
export type CardHistoryEntry = z.infer<typeof cardHistoryEntrySchema>;

export const CARD_BET_STATES = ['PLACED', 'WON', 'PUSH', 'HALF_BACK', 'LOST', 'REFUNDED'] as const;
export type CardBetState = (typeof CARD_BET_STATES)[number];

/** One of the player's own bets in the current round. */
export const cardMyBetSchema = z.object({
  betId: idSchema,
  roundId: idSchema,
  betKind: cardBetKindSchema,
  amountMinor: minor,
  state: z.enum(CARD_BET_STATES),
  /** What it returned (stake included) once settled; null while placed. */
  returnMinor: minor.nullable(),
});
export type CardMyBet = z.infer<typeof cardMyBetSchema>;

/** Why a move was refused, with the sentence a page may show (pages translate by code). */
export const CARD_REFUSALS = {
  NOT_JOINED: 'Join the table first.',
  BAD_MESSAGE: 'The game sent a message the table does not understand.',
  INVALID_TOKEN: 'This game session is not valid. Open the game again from the casino.',
  TOKEN_EXPIRED: 'This game session has ended. Open the game again from the casino.',
  BETTING_CLOSED: 'Bets are taken only while the betting window is open.',
  TABLE_PAUSED: 'The table is paused just now.',
  UNKNOWN_BET: 'This game has no such bet.',
  OPPOSITE_SIDE: 'You already backed the other side in this round.',
  BELOW_MIN_BET: 'The bet is below the table minimum.',
  ABOVE_MAX_BET: 'Your bets on this would pass the table maximum.',
  ABOVE_ROUND_MAX: 'Your bets in this round would pass the most a round takes.',
  INSUFFICIENT_FUNDS: 'Your balance does not cover this bet.',
  PLAYER_BLOCKED: 'Betting is not possible on your account just now.',
  LIMIT_REACHED: 'This bet would pass a loss limit you set.',
  UNKNOWN_GAME: 'This game is not available on your site.',
  RATE_LIMITED: 'Too many requests. Wait a moment.',
  WALLET_UNAVAILABLE: 'The wallet did not answer. Try again.',
  BUSY: 'Your previous bet is still being handled.',
} as const;
export type CardRefusalCode = keyof typeof CARD_REFUSALS;
export const CARD_REFUSAL_CODES = Object.keys(CARD_REFUSALS) as [
  CardRefusalCode,
  ...CardRefusalCode[],
];
const refusalCodeSchema = z.enum(CARD_REFUSAL_CODES);

// ---------------------------------------------------------------------------------------------
// What the server sends.

/** The answer to `join`: everything a page needs to draw the table, also after a reconnect. */
export const cardWelcomeSchema = z.object({
  type: z.literal('welcome'),
  protocol: z.number().int().positive(),
  gameCode: cardGameCodeSchema,
  serverTime: epochMs,
  playerId: z.string(),
  currency: z.string(),
  balanceMinor: z.number().int(),
  table: cardTableSchema,
  /** The rule table the server pays from. */
  rules: z.array(cardBetRuleSchema),
  round: cardRoundSchema,
  /** The last rounds, newest first. */
  history: z.array(cardHistoryEntrySchema),
  /** The player's own bets in the current round (after a reconnect: none lost). */
  myBets: z.array(cardMyBetSchema),
});

/** A phase change (to every connection). */
export const cardRoundMessageSchema = z.object({
  type: z.literal('round'),
  gameCode: cardGameCodeSchema,
  serverTime: epochMs,
  round: cardRoundSchema,
});

/** A card revealed while dealing (to every connection). */
export const cardDealtSchema = z.object({
  type: z.literal('card'),
  gameCode: cardGameCodeSchema,
  roundId: idSchema,
  serverTime: epochMs,
  card: dealtCardSchema,
});

export const cardBetAcceptedSchema = z.object({
  type: z.literal('betAccepted'),
  gameCode: cardGameCodeSchema,
  requestId: requestIdSchema,
  bet: cardMyBetSchema,
  balanceMinor: z.number().int(),
});

export const cardBetRefusedSchema = z.object({
  type: z.literal('refused'),
  gameCode: cardGameCodeSchema,
  requestId: requestIdSchema,
  betKind: cardBetKindSchema.optional(),
  code: refusalCodeSchema,
  message: z.string(),
  /** The balance where the wallet said it (always with INSUFFICIENT_FUNDS). */
  balanceMinor: z.number().int().optional(),
});

/** The player's bets of a round, settled (or refunded), and the balance after. */
export const cardSettledSchema = z.object({
  type: z.literal('settled'),
  gameCode: cardGameCodeSchema,
  roundId: idSchema,
  winner: cardWinnerSchema.nullable(),
  bets: z.array(cardMyBetSchema),
  /** What every bet returned together (stake included). */
  returnMinor: minor,
  balanceMinor: z.number().int(),
});

/** The player's balance, as the latest wallet answer said it. */
export const cardBalanceSchema = z.object({
  type: z.literal('balance'),
  balanceMinor: z.number().int(),
});

export const cardPongSchema = z.object({
  type: z.literal('pong'),
  clientTime: z.number(),
  serverTime: epochMs,
});

/** A protocol error (not joined, a malformed message, a token refused at `join`). */
export const cardErrorSchema = z.object({
  type: z.literal('error'),
  code: refusalCodeSchema,
  message: z.string(),
  /** The server closes the connection after this message (do not retry the same token). */
  fatal: z.boolean(),
});

export const cardServerMessageSchema = z.discriminatedUnion('type', [
  cardWelcomeSchema,
  cardRoundMessageSchema,
  cardDealtSchema,
  cardBetAcceptedSchema,
  cardBetRefusedSchema,
  cardSettledSchema,
  cardBalanceSchema,
  cardPongSchema,
  cardErrorSchema,
]);
export type CardServerMessage = z.infer<typeof cardServerMessageSchema>;
export type CardWelcome = z.infer<typeof cardWelcomeSchema>;
export type CardRoundMessage = z.infer<typeof cardRoundMessageSchema>;
export type CardDealt = z.infer<typeof cardDealtSchema>;
export type CardBetAccepted = z.infer<typeof cardBetAcceptedSchema>;
export type CardBetRefused = z.infer<typeof cardBetRefusedSchema>;
export type CardSettled = z.infer<typeof cardSettledSchema>;
export type CardErrorMessage = z.infer<typeof cardErrorSchema>;

/** A card table's server message from a WebSocket frame (see `parseStudioMessage`). */
export function parseCardServerMessage(text: string): CardServerMessage | null {
  return parseStudioMessage(cardServerMessageSchema, text);
}

// ---------------------------------------------------------------------------------------------
// The verify page and the rounds list.

/** What the verify page takes (from its form or `CARD_VERIFY_PARAMS`). */
export const cardVerifyInputSchema = z.object({
  gameCode: cardGameCodeSchema,
  seed: cardSeedSchema,
  roundNumber: z.coerce.number().int().positive(),
  /** The hash published before the round, to check the seed against. */
  seedHash: cardSeedSchema.optional(),
});
export type CardVerifyInput = z.infer<typeof cardVerifyInputSchema>;

/** `GET cardRoundsPath(provider, gameCode)`: the game's last rounds, newest first. */
export const cardRoundsAnswerSchema = z.object({
  gameCode: cardGameCodeSchema,
  rules: z.array(cardBetRuleSchema),
  rounds: z.array(cardHistoryEntrySchema),
});
export type CardRoundsAnswer = z.infer<typeof cardRoundsAnswerSchema>;
