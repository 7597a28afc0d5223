import { REGISTRY } from '@backlay/domains/registry';
import {
  PERMISSIONS,
  type Dashboard,
  type MarketBook,
  type OperatorMe,
  type PlayerDetail,
  type PlayerRow,
} from '@backlay/contract/admin';
import type { BettingDefaultsState, Brand, BrandDocument } from '@backlay/contract/admin-brands';
import type {
  Adjustment,
  PaymentQueueItem,
  PaymentSettings,
} from '@backlay/contract/admin-payments';
import type { onlineRoute } from '@backlay/contract/admin-calls';
import type { GamblingLimit } from '@backlay/contract/responsible-gambling';
import type { AdminResult } from '../api/call-admin';

/** A JSON response as `fetch` resolves it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A successful envelope around a result. */
export function okEnvelope(result: unknown) {
  return { success: true, result, error: null, unAuthorizedRequest: false };
}

/** A failed envelope with a contract error code. */
export function failedEnvelope(code: string, message: string, details: string | null = null) {
  return {
    success: false,
    result: null,
    error: { code, message, details },
    unAuthorizedRequest: code === 'UNAUTHORIZED',
  };
}

/** A failed answer as the server sends it: the envelope with the code's HTTP status. */
export function failure(code: string, message: string, status: number): Response {
  return jsonResponse(failedEnvelope(code, message), status);
}

/** An owner who may do everything on every brand; tests narrow what they are about. */
export function buildMe(overrides: Partial<OperatorMe> = {}): OperatorMe {
  return {
    id: '0b9a8f1e-4a36-4c87-9a0e-1f2d3c4b5a69',
    userName: 'asha.owner',
    role: 'owner',
    brands: 'all',
    enrolled: true,
    disabled: false,
    createdAt: '2026-01-05T09:00:00.000Z',
    lastSignInAt: '2026-05-01T08:00:00.000Z',
    permissions: [...PERMISSIONS],
    allBrands: REGISTRY.domains.map((entry) => entry.domain).sort(),
    ...overrides,
  };
}

/** A player as the search lists them; `n` makes the id and name distinct. */
export function buildPlayerRow(n: number, overrides: Partial<PlayerRow> = {}): PlayerRow {
  const hex = n.toString(16).padStart(12, '0');
  return {
    id: `6f1c2a3b-4d5e-4f60-8a7b-${hex}`,
    domain: '99exch.com',
    userName: `player${n}`,
    mobile: `98765${String(n).padStart(5, '0')}`,
    status: 'active',
    demo: false,
    bettingLocked: false,
    loginLocked: false,
    createdAt: `2026-04-${String((n % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
    ...overrides,
  };
}

/** A responsible-gambling limit: none by default, nothing used, no change waiting. */
export function buildGamblingLimit(overrides: Partial<GamblingLimit> = {}): GamblingLimit {
  return { amount: null, pending: null, used: 0, ...overrides };
}

type ResponsibleGambling = PlayerDetail['responsibleGambling'];

/** A player's own responsible-gambling settings as a new player has them: no limit, no break, no history. */
export function buildResponsibleGambling(
  overrides: Partial<ResponsibleGambling> = {},
): ResponsibleGambling {
  const windows = () => ({
    day: buildGamblingLimit(),
    week: buildGamblingLimit(),
    month: buildGamblingLimit(),
  });
  return {
    deposit: windows(),
    loss: windows(),
    openLiability: 0,
    break: null,
    history: [],
    ...overrides,
  };
}

/** `player<n>`'s page: ₹10,000 cash, nothing else on record, and no responsible-gambling settings. */
export function buildPlayerDetail(n: number, overrides: Partial<PlayerDetail> = {}): PlayerDetail {
  return {
    profile: { ...buildPlayerRow(n), passwordResetRequired: false },
    balances: { cash: 10000, exposure: 0, bonus: 0, available: 10000 },
    limits: { maxStake: null },
    responsibleGambling: buildResponsibleGambling(),
    notes: [],
    sessions: [],
    connections: [],
    loginAttempts: [],
    bets: [],
    statement: [],
    ...overrides,
  };
}

/** An open match-odds market with two runners and its book. */
export function buildMarketBook(overrides: Partial<MarketBook['market']> = {}): MarketBook {
  return {
    market: {
      marketId: '1.2345',
      marketName: 'Match Odds',
      marketType: 'MATCH_ODDS',
      eventId: 77,
      eventName: 'Mumbai v Chennai',
      sportId: 3,
      startAt: '2026-05-02T14:00:00.000Z',
      status: 'OPEN',
      inPlay: true,
      matchedVolume: 123456,
      winnerRunnerId: null,
      settledBy: null,
      ...overrides,
    },
    runners: [
      { runnerId: 11, name: 'Mumbai', playersIfWin: 25000, houseIfWin: -25000 },
      { runnerId: 12, name: 'Chennai', playersIfWin: -18000, houseIfWin: 18000 },
    ],
    bets: [],
    betCount: 0,
    settlements: [],
  };
}

type DashboardDay = Dashboard['days'][number];

/** A quiet UTC day of the dashboard: nothing happened, and the server says zero. */
export function buildDashboardDay(day: string, overrides: Partial<DashboardDay> = {}) {
  return {
    day,
    signUps: 0,
    activePlayers: 0,
    turnover: 0,
    commission: 0,
    ggr: 0,
    deposits: 0,
    withdrawals: 0,
    ...overrides,
  };
}

/** The dashboard's answer for every brand: nobody online, nothing waiting, and the given days (none by default). */
export function buildDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    brands: 'all',
    online: { players: 0, guests: 0, connections: 0, pages: [] },
    openExposure: 0,
    players: 0,
    pendingDeposits: { count: 0, amount: 0 },
    pendingWithdrawals: { count: 0, amount: 0 },
    brandsWithoutDepositMethods: [],
    days: [],
    ...overrides,
  };
}

type OnlineConnection = AdminResult<typeof onlineRoute>['items'][number];

/** A connection of the online list: a player's when `userName` is given, else a guest's. */
export function buildConnection(
  n: number,
  userName: string | null,
  overrides: Partial<OnlineConnection> = {},
): OnlineConnection {
  return {
    domain: '99exch.com',
    playerId: userName === null ? null : buildPlayerRow(n).id,
    userName,
    page: '/sports/cricket',
    browser: 'Chrome 142',
    since: '2026-05-01T10:00:00.000Z',
    lastSeenAt: `2026-05-01T10:${String(n).padStart(2, '0')}:00.000Z`,
    ...overrides,
  };
}

/** A brand's document: a live gold-themed brand with an alias, cricket and football on, and its own commission. */
export function buildBrandDocument(domain = 'gold365.bet'): BrandDocument {
  return {
    entry: { theme: 'gold365', aliases: ['gold365.club'], casinoOnly: false, indexLanding: false },
    settings: {
      setting: {
        domain,
        domainTitle: 'Gold 365',
        description: 'Cricket and more.',
        mainLogo: `/cdn/assets/${domain}/logo.svg`,
        favicon: `/cdn/assets/${domain}/favicon.svg`,
        baseUrl: '/api/',
        siteSuspended: false,
        bodyBgColor: '#1a1406',
        showSupportLink: true,
        supportLink: 'https://wa.me/910000000001',
        telegramId: 'gold365',
        instagramId: 'gold365.bet',
        showDepositW: true,
        football: true,
        tennis: false,
        cricket: true,
        kabaddi: false,
        horseRacing: false,
      },
      bonuses: [
        { id: 'welcome', title: 'Welcome bonus', description: '100% on the first deposit' },
      ],
      events: [],
      games: [{ gameCode: 'aviator', title: 'Aviator', provider: 'spribe' }],
      tv: { enabled: true },
    },
    betting: { commissionPercent: 3 },
  };
}

/** A brand at a version, last changed by an operator. */
export function buildBrand(overrides: Partial<Brand> = {}): Brand {
  return {
    domain: 'gold365.bet',
    ...buildBrandDocument(overrides.domain),
    version: 4,
    updatedAt: '2026-05-01T10:00:00.000Z',
    updatedBy: 'asha.owner',
    ...overrides,
  };
}

/** The platform's betting rules as `config/domains/betting.json` seeds them. */
export function buildBettingDefaults(
  overrides: Partial<BettingDefaultsState> = {},
): BettingDefaultsState {
  return {
    rules: {
      commissionPercent: 2,
      all: { minStake: 100, maxStake: 500000, maxLiability: 2000000 },
      sports: { '26': { minStake: 100, maxStake: 100000, maxLiability: 500000 } },
      fancy: { minStake: 100, maxStake: 100000, maxLiability: 500000 },
      betDelaySeconds: { '1': 5, '2': 3, '3': 5, '25': 3, '26': 2 },
    },
    version: 7,
    updatedAt: '2026-04-20T08:00:00.000Z',
    updatedBy: null,
    ...overrides,
  };
}

/** A uuid whose last group is `n`: ids that differ per fixture and read back easily. */
const idOf = (prefix: string, n: number) => `${prefix}-${n.toString(16).padStart(12, '0')}`;

/**
 * A pending UPI deposit of ₹5,000 by `player<n>` with its slip and UTR, never seen before;
 * `kind: 'WITHDRAWAL'` makes it a withdrawal to the player's UPI id, without slip or reference.
 */
export function buildQueueItem(
  n: number,
  overrides: Partial<PaymentQueueItem> = {},
): PaymentQueueItem {
  const withdrawal = overrides.kind === 'WITHDRAWAL';
  return {
    id: idOf('3f6c1e2a-9b7d-4c5e-8f10', n),
    domain: '99exch.com',
    kind: 'DEPOSIT',
    playerId: buildPlayerRow(n).id,
    userName: `player${n}`,
    amount: 5000,
    settledAmount: null,
    status: 'PENDING',
    proposedAmount: null,
    proposedBy: null,
    channel: 'UPI',
    account: withdrawal ? `player${n}@okhdfc` : 'exch.collect@okaxis',
    reference: withdrawal ? null : `41234567890${n % 10}`,
    slipId: withdrawal ? null : idOf('7d2e4f6a-1b3c-4d5e-9f20', n),
    createdAt: `2026-05-01T09:${String(n % 60).padStart(2, '0')}:00.000Z`,
    decidedAt: null,
    decidedBy: null,
    note: null,
    sameUtrCount: 0,
    ...overrides,
  };
}

/** A brand's payment settings at version 3: one UPI id, one bank account, each active. */
export function buildPaymentSettings(overrides: Partial<PaymentSettings> = {}): PaymentSettings {
  return {
    brand: 'gold365.bet',
    version: 3,
    upi: [
      {
        id: '5a1b2c3d-4e5f-4a6b-8c7d-000000000001',
        upiId: 'gold.collect@okaxis',
        payeeName: 'Gold Payments',
        active: true,
      },
    ],
    bank: [
      {
        id: '5a1b2c3d-4e5f-4a6b-8c7d-000000000002',
        bankName: 'HDFC Bank',
        accountName: 'Gold Payments',
        accountNumber: '50100123456789',
        ifsc: 'HDFC0001234',
        active: true,
      },
    ],
    paymentLink: false,
    upiIntent: true,
    limits: { minDeposit: 100, maxDeposit: 200000, minWithdrawal: 500, maxWithdrawal: 100000 },
    ...overrides,
  };
}

/** A credit of ₹500 to `player<n>`, applied at once, asked for by another operator. */
export function buildAdjustment(n: number, overrides: Partial<Adjustment> = {}): Adjustment {
  return {
    id: idOf('9c8b7a6d-5e4f-4a3b-8c2d', n),
    domain: '99exch.com',
    playerId: buildPlayerRow(n).id,
    userName: `player${n}`,
    amount: 500,
    reason: 'Goodwill credit',
    status: 'APPLIED',
    requestedBy: 'meera.finance',
    decidedBy: null,
    createdAt: `2026-05-01T08:${String(n % 60).padStart(2, '0')}:00.000Z`,
    decidedAt: null,
    ...overrides,
  };
}
