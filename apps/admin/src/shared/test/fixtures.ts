import {
  PERMISSIONS,
  type Dashboard,
  type MarketBook,
  type OperatorMe,
  type PlayerRow,
} from '@backlay/contract/admin';
import type { onlineRoute } from '@backlay/contract/admin-calls';
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
  return { day, signUps: 0, activePlayers: 0, turnover: 0, commission: 0, ggr: 0, ...overrides };
}

/** The dashboard's answer for every brand: nobody online and the given days (none by default). */
export function buildDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    brands: 'all',
    online: { players: 0, guests: 0, connections: 0, pages: [] },
    openExposure: 0,
    players: 0,
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
