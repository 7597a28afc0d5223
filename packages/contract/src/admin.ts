/**
 * The operator back office on the wire: operators and their roles, sign-in with two factors,
 * the audit log, players, markets and settlement. Operators are not players: they sign in at
 * `/admin` with a password and a TOTP code (RFC 6238), and every call they make is checked
 * against their role's permissions and the brands their role covers.
 */
import { z } from 'zod';
import { moneySchema } from './money';
import { gamblingSettingsSchema } from './responsible-gambling';
import { stripMarkup } from './sanitize-input';
import { marketIdSchema, runnerIdSchema, sportIdSchema } from './sports';

/** What an operator may do; each operator call names the one permission it needs. */
export const PERMISSIONS = [
  /** Create operators, give roles and brands, revoke their sessions. */
  'operators.manage',
  /** Create brands and edit their settings and betting rules. */
  'brands.manage',
  /** The dashboard's figures and who is online. */
  'dashboard.read',
  /** Search players and open a player's page. */
  'players.read',
  /** Lock and unlock betting and login, force a password reset. */
  'players.lock',
  /** A player's own stake limits. */
  'players.limits',
  /** Notes on a player. */
  'players.notes',
  /** Events, markets, books and bets. */
  'markets.read',
  /** Suspend, resume, settle, void and correct markets. */
  'markets.trade',
  /** The audit log. */
  'audit.read',
  /** The deposit and withdrawal queues and the slips players attach. */
  'payments.read',
  /** Approve or reject deposits, mark withdrawals paid or reject them. */
  'payments.decide',
  /** A brand's payment methods and deposit and withdrawal limits. */
  'payments.settings',
  /** Credit or debit a player by hand, and approve another operator's large adjustment. */
  'payments.adjust',
  /** The casino's figures, its rounds with their callbacks, providers and catalogues (read). */
  'casino.read',
  /** A brand's casino: its switch, and which games it offers in which order. */
  'casino.catalogue',
  /** Casino providers: their addresses, operator ids, switches and signing secrets. */
  'casino.providers',
  /** Bonus campaigns and their figures (read). */
  'bonuses.read',
  /** Make, change, pause and resume campaigns; forfeit a player's bonus with a reason. */
  'bonuses.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['owner', 'brand_admin', 'finance', 'trader', 'support'] as const;
export type Role = (typeof ROLES)[number];

/** What each role may do. An owner may do everything on every brand. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  brand_admin: [
    'brands.manage',
    'dashboard.read',
    'players.read',
    'players.lock',
    'players.limits',
    'players.notes',
    'markets.read',
    'audit.read',
    'payments.read',
    'payments.settings',
    'casino.read',
    'casino.catalogue',
    'bonuses.read',
    'bonuses.manage',
  ],
  finance: [
    'dashboard.read',
    'players.read',
    'players.notes',
    'audit.read',
    'payments.read',
    'payments.decide',
    'payments.settings',
    'payments.adjust',
    'casino.read',
    'bonuses.read',
    'bonuses.manage',
  ],
  trader: ['dashboard.read', 'players.read', 'players.limits', 'markets.read', 'markets.trade'],
  support: [
    'dashboard.read',
    'players.read',
    'players.lock',
    'players.notes',
    'payments.read',
    'bonuses.read',
  ],
};

/** Whether a role grants a permission. */
export function roleAllows(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * The brands a role covers: every brand, or the listed domains. An owner always covers every
 * brand; markets are shared by all brands, so changing one (suspend, settle, void) needs a
 * role that covers every brand, while a brand-scoped role reads only its brands' players.
 */
export const brandScopeSchema = z.union([
  z.literal('all'),
  z
    .array(z.string().min(1).max(253))
    .min(1, 'Choose at least one brand')
    .max(200, 'At most 200 brands'),
]);
export type BrandScope = z.infer<typeof brandScopeSchema>;

/** Operator names: letters, digits, dot, dash and underscore. */
export const operatorNameSchema = z
  .string({ message: 'Enter a name' })
  .trim()
  .min(3, 'A name has at least 3 characters')
  .max(40, 'A name has at most 40 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dot, dash or underscore');

/** An operator password: long, as NIST SP 800-63B asks, and no upper bound worth guessing. */
export const operatorPasswordSchema = z
  .string({ message: 'Enter a password' })
  .min(12, 'A password has at least 12 characters')
  .max(200, 'A password has at most 200 characters');

/** A six-digit TOTP code, or a recovery code (`xxxx-xxxx-xxxx`). */
export const secondFactorSchema = z
  .string({ message: 'Enter the code from your authenticator app' })
  .trim()
  .min(6, 'Enter the code from your authenticator app')
  .max(20, 'That code is too long');

/** A brand a call is narrowed to: a domain, never empty (leave it out for every brand). */
export const brandFilterSchema = z
  .string()
  .trim()
  .min(1, 'Choose a brand or leave it out')
  .max(253)
  .toLowerCase()
  .optional();

export const uuidSchema = z.uuid({ message: 'Not a valid id' });

/** An operator as others see them. */
export const operatorSchema = z.object({
  id: uuidSchema,
  userName: z.string(),
  role: z.enum(ROLES),
  brands: brandScopeSchema,
  /** Enrolled: a password and a TOTP secret are set; until then the enrolment link is open. */
  enrolled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type Operator = z.infer<typeof operatorSchema>;

/** The signed-in operator, with what they may do. */
export const operatorMeSchema = operatorSchema.extend({
  permissions: z.array(z.enum(PERMISSIONS)),
  /**
   * Every brand there is now, by domain (brands made in the console included), for pickers and
   * filters; what the operator may see is still their role's brands.
   */
  allBrands: z.array(z.string()),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

// Sign-in, enrolment and sessions

export const signInRequestSchema = z.object({
  userName: operatorNameSchema,
  password: z.string({ message: 'Enter your password' }).min(1).max(200),
  code: secondFactorSchema,
});

export const signInResultSchema = z.object({
  /** The bearer of every later call; it ends at `expiresAt`, at sign-out or when revoked. */
  token: z.string(),
  expiresAt: z.string(),
  operator: operatorMeSchema,
  /** Set when the sign-in used a recovery code: how many are left. */
  recoveryCodesLeft: z.number().int().nullable(),
});
export type SignInResult = z.infer<typeof signInResultSchema>;

export const enrolmentQuerySchema = z.object({ token: z.string().min(16).max(200) });

export const enrolmentSchema = z.object({
  userName: z.string(),
  role: z.enum(ROLES),
  /** The `otpauth://totp/…` URI an authenticator app reads. */
  otpauthUri: z.string(),
  /** The same URI as a QR code, an `image/svg+xml` data URL. */
  qrCodeDataUrl: z.string(),
  /** The secret in base32, for typing into an app by hand. */
  secret: z.string(),
  expiresAt: z.string(),
});

export const completeEnrolmentRequestSchema = z.object({
  token: z.string().min(16).max(200),
  password: operatorPasswordSchema,
  code: z
    .string({ message: 'Enter the code from your authenticator app' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the six digits your authenticator app shows'),
});

export const completeEnrolmentResultSchema = z.object({
  /** Shown once: each signs in once in place of a TOTP code. */
  recoveryCodes: z.array(z.string()),
});

export const operatorSessionSchema = z.object({
  id: uuidSchema,
  ip: z.string(),
  browser: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});

// Operators (owner)

export const createOperatorRequestSchema = z.object({
  userName: operatorNameSchema,
  role: z.enum(ROLES),
  brands: brandScopeSchema,
});

export const enrolmentLinkSchema = z.object({
  operator: operatorSchema,
  /** A path on the console (`/admin/enrol#…`), valid once until `expiresAt`. */
  enrolmentPath: z.string(),
  expiresAt: z.string(),
});

export const updateOperatorRequestSchema = z.object({
  operatorId: uuidSchema,
  role: z.enum(ROLES),
  brands: brandScopeSchema,
  disabled: z.boolean(),
});

export const operatorIdRequestSchema = z.object({ operatorId: uuidSchema });

// Audit log

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorId: uuidSchema.nullable(),
  operatorName: z.string(),
  ip: z.string(),
  action: z.string(),
  /** The brand the action touched, or null for one that touches no single brand. */
  brand: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page is read after the last id of the one before (a stable cursor: newest first). */
export const auditQuerySchema = z.object({
  operator: z.string().max(40).optional(),
  action: z.string().max(60).optional(),
  brand: brandFilterSchema,
  targetId: z.string().max(80).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.number().int().nullable(),
});

// Players

export const playerSearchQuerySchema = z.object({
  /** A name (prefix), a mobile number (digits) or a player id; empty lists the newest. */
  q: z.string().trim().max(80).default(''),
  brand: brandFilterSchema,
  /** Include demo players (off by default: they come and go by the thousand). */
  demo: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The `createdAt`/id cursor of the last row of the page before. */
  after: z.string().max(120).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const playerRowSchema = z.object({
  id: uuidSchema,
  domain: z.string(),
  userName: z.string(),
  mobile: z.string().nullable(),
  status: z.string(),
  demo: z.boolean(),
  bettingLocked: z.boolean(),
  loginLocked: z.boolean(),
  createdAt: z.string(),
});
export type PlayerRow = z.infer<typeof playerRowSchema>;

export const playerPageSchema = z.object({
  items: z.array(playerRowSchema),
  nextAfter: z.string().nullable(),
});

export const playerIdQuerySchema = z.object({ playerId: uuidSchema });

export const playerLimitsSchema = z.object({
  /** The most one bet may stake, in rupees; null: the brand's limits only. */
  maxStake: z.number().positive().nullable(),
});

export const playerNoteSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorName: z.string(),
  text: z.string(),
});

export const playerDetailSchema = z.object({
  profile: playerRowSchema.extend({
    passwordResetRequired: z.boolean(),
  }),
  balances: z.object({
    cash: z.number(),
    exposure: z.number(),
    bonus: z.number(),
    /** What the player may bet with: cash less exposure. */
    available: z.number(),
  }),
  limits: playerLimitsSchema,
  /**
   * The player's own responsible-gambling settings, as they see them, with their break (a
   * time-out or self-exclusion in force) and the changes they made, newest first. Read only:
   * nobody lifts a player's limit or break early.
   */
  responsibleGambling: gamblingSettingsSchema.extend({
    break: z
      .object({
        kind: z.enum(['TIME_OUT', 'SELF_EXCLUSION']),
        since: z.string(),
        until: z.string(),
      })
      .nullable(),
    history: z.array(z.object({ at: z.string(), change: z.string() })),
  }),
  notes: z.array(playerNoteSchema),
  /** Refresh-token families still alive: the player's signed-in devices. */
  sessions: z.array(z.object({ id: z.string(), createdAt: z.string(), expiresAt: z.string() })),
  /** Hub connections open now: page and since when. */
  connections: z.array(z.object({ page: z.string(), since: z.string() })),
  loginAttempts: z.array(
    z.object({ at: z.string(), ip: z.string(), browser: z.string(), result: z.string() }),
  ),
  bets: z.array(
    z.object({
      id: z.string(),
      placedAt: z.string(),
      marketId: z.string(),
      marketName: z.string(),
      /** With `line` and `resultRuns`, what the shared bet description reads (as a bet's). */
      marketType: z.string(),
      line: z.number().nullable(),
      resultRuns: z.number().nullable(),
      eventName: z.string(),
      runnerName: z.string(),
      side: z.enum(['BACK', 'LAY']),
      /** The price the player asked for. */
      price: z.number(),
      /** The average price its matched stake got (better than asked, or equal); null: none. */
      matchedPrice: z.number().nullable(),
      stake: z.number(),
      matched: z.number(),
      status: z.string(),
      profit: z.number().nullable(),
    }),
  ),
  statement: z.array(
    z.object({
      transferId: z.string(),
      at: z.string(),
      code: z.string(),
      reference: z.string().nullable(),
      /**
       * The movement of the player's balance (cash + exposure), in rupees (negative: out): a
       * bet's hold or release moves it by nothing, as on the player's own statement.
       */
      amount: z.number(),
      /** The balance (cash + exposure) after it, as the player's header shows it. */
      balanceAfter: z.number(),
    }),
  ),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

/**
 * Why an operator acts (a lock, a limit, a settlement): kept in the action's audit entry, with
 * its markup stripped like all stored text (spec §5).
 */
const operatorReasonSchema = z
  .string()
  .overwrite(stripMarkup)
  .trim()
  .min(3, 'Say why, in a few words')
  .max(500);

export const lockPlayerRequestSchema = z.object({
  playerId: uuidSchema,
  /** Which lock to set or lift. */
  lock: z.enum(['betting', 'login']),
  locked: z.boolean(),
  reason: operatorReasonSchema,
});

export const setPlayerLimitsRequestSchema = z.object({
  playerId: uuidSchema,
  maxStake: moneySchema({ max: 10_000_000 }).nullable(),
  reason: operatorReasonSchema,
});

export const forcePasswordResetRequestSchema = z.object({
  playerId: uuidSchema,
  reason: operatorReasonSchema,
});

export const addPlayerNoteRequestSchema = z.object({
  playerId: uuidSchema,
  /** Markup stripped (spec §5): support reads notes in the console. */
  text: z.string().overwrite(stripMarkup).trim().min(1, 'Write the note').max(2000),
});

// Markets and settlement

export const MARKET_STATUSES = ['OPEN', 'SUSPENDED', 'CLOSED', 'SETTLED'] as const;

export const marketsQuerySchema = z.object({
  status: z.enum(MARKET_STATUSES).optional(),
  sportId: sportIdSchema.optional(),
  /** Part of an event's or market's name, or a market's id. */
  q: z.string().trim().max(80).default(''),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const adminMarketRowSchema = z.object({
  marketId: z.string(),
  marketName: z.string(),
  marketType: z.string(),
  eventId: z.number(),
  eventName: z.string(),
  sportId: z.number(),
  startAt: z.string(),
  status: z.enum(MARKET_STATUSES),
  inPlay: z.boolean(),
  /** Matched real-money stakes (back side), in rupees; play money is left out. */
  matchedVolume: z.number(),
  /** The winning runner once settled; null when void or not settled. */
  winnerRunnerId: z.number().nullable(),
  /** How the market was settled: by the feed, by an operator, or corrected. */
  settledBy: z.enum(['feed', 'operator']).nullable(),
});

/**
 * A fancy session in the markets list. A session is a family of markets of one name, one per
 * run value, which the list shows as one row: the values the house quotes now (No at one, Yes
 * at the next) and the range of values it has had.
 */
export const fancyLineSchema = z.object({
  /** How many run values the session has had (markets of the family). */
  values: z.number().int().positive(),
  /** The run value players take No at now, and Yes at; null when not quoted. */
  noRuns: z.number().nullable(),
  yesRuns: z.number().nullable(),
  lowestRuns: z.number(),
  highestRuns: z.number(),
});

/**
 * A row of the markets list: a market, or a fancy session as one row (its market the value
 * quoted now, else its likeliest to be acted on; its matched volume the whole session's).
 */
export const marketListRowSchema = adminMarketRowSchema.extend({
  fancyLine: fancyLineSchema.nullable(),
});

export const marketListSchema = z.object({ items: z.array(marketListRowSchema) });

export const marketIdQuerySchema = z.object({ marketId: marketIdSchema });

/** What one group (the players, or the market maker) wins or loses if each runner wins. */
export const runnerBookSchema = z.object({
  runnerId: z.number(),
  name: z.string(),
  /** The players' aggregate P&L if this runner wins (real money only), in rupees. */
  playersIfWin: z.number(),
  /** The market maker's P&L if this runner wins, in rupees. */
  houseIfWin: z.number(),
});

export const marketBookSchema = z.object({
  market: adminMarketRowSchema,
  runners: z.array(runnerBookSchema),
  /** The market's real-money bets, newest first (at most `BOOK_BETS_SHOWN`). */
  bets: z.array(
    z.object({
      id: z.string(),
      placedAt: z.string(),
      playerId: z.string(),
      userName: z.string(),
      domain: z.string(),
      runnerId: z.number(),
      side: z.enum(['BACK', 'LAY']),
      price: z.number(),
      stake: z.number(),
      matched: z.number(),
      status: z.string(),
    }),
  ),
  betCount: z.number().int(),
  /** The settlements applied so far, oldest first: a correction adds one. */
  settlements: z.array(
    z.object({
      at: z.string(),
      winnerRunnerId: z.number().nullable(),
      by: z.string(),
      kind: z.enum(['settle', 'void', 'correction']),
    }),
  ),
});
export type MarketBook = z.infer<typeof marketBookSchema>;

/** How many of a market's bets the book shows. */
export const BOOK_BETS_SHOWN = 200;

export const marketActionRequestSchema = z.object({
  marketId: marketIdSchema,
  reason: operatorReasonSchema,
});

export const settleMarketRequestSchema = z.object({
  marketId: marketIdSchema,
  winnerRunnerId: runnerIdSchema,
  reason: operatorReasonSchema,
});

/** A correction settles again on another result (null: void), reversing the first. */
export const correctSettlementRequestSchema = z.object({
  marketId: marketIdSchema,
  winnerRunnerId: runnerIdSchema.nullable(),
  reason: operatorReasonSchema,
});

export const marketActionResultSchema = z.object({ market: adminMarketRowSchema });

/** The answer of an action that only has to say it was done. */
export const doneSchema = z.object({ done: z.literal(true) });

// Dashboard and who is online

export const dashboardQuerySchema = z.object({
  /** One brand, or every brand the operator covers. */
  brand: brandFilterSchema,
  days: z.coerce.number().int().min(1).max(90).default(14),
});

export const dashboardDaySchema = z.object({
  /** The day in UTC, `YYYY-MM-DD`. */
  day: z.string(),
  signUps: z.number().int(),
  /** Players who placed a real-money bet that day. */
  activePlayers: z.number().int(),
  /** Matched real-money stakes of bets placed that day, in rupees. */
  turnover: z.number(),
  /** Commission charged on markets settled that day, in rupees. */
  commission: z.number(),
  /**
   * Gross gaming revenue of markets settled that day: what real-money players lost, net of
   * what they won, after commission (the market maker's result plus the commission), in rupees.
   */
  ggr: z.number(),
  /** Real-money deposits credited and withdrawals paid out that day, in rupees. */
  deposits: z.number(),
  withdrawals: z.number(),
});

export const dashboardSchema = z.object({
  brands: brandScopeSchema,
  online: z.object({
    players: z.number().int(),
    guests: z.number().int(),
    connections: z.number().int(),
    pages: z.array(z.object({ page: z.string(), connections: z.number().int() })),
  }),
  /** What real-money players have held against their open bets now, in rupees. */
  openExposure: z.number(),
  /** Real-money players who have signed up (all time). */
  players: z.number().int(),
  /** Requests waiting for finance now: how many, and their amounts in rupees. */
  pendingDeposits: z.object({ count: z.number().int(), amount: z.number() }),
  pendingWithdrawals: z.object({ count: z.number().int(), amount: z.number() }),
  /**
   * Brands read whose players can make no manual deposit yet: no UPI id or bank account is
   * active in their payment settings (a new brand's, until finance fills them in).
   */
  brandsWithoutDepositMethods: z.array(z.string()),
  days: z.array(dashboardDaySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const onlineQuerySchema = z.object({ brand: brandFilterSchema });

export const onlineSchema = z.object({
  items: z.array(
    z.object({
      domain: z.string(),
      playerId: z.string().nullable(),
      /** Null for a guest. */
      userName: z.string().nullable(),
      page: z.string(),
      browser: z.string(),
      since: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
});
