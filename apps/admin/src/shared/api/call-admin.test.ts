import {
  marketsRoute,
  meRoute,
  searchPlayersRoute,
  settleMarketRoute,
  signInRoute,
} from '@backlay/contract/admin-calls';
import { describe, expect, it, vi } from 'vitest';
import { onSessionEnd, SESSION_STORAGE_KEY, startSession } from '../session/session';
import {
  buildMe,
  buildPlayerRow,
  failedEnvelope,
  failure,
  jsonResponse,
  okEnvelope,
} from '../test/fixtures';
import { serveAdmin } from '../test/serve-admin';
import { AdminApiError } from './admin-api-error';
import { callAdmin } from './call-admin';

function signIn() {
  startSession({ token: 'the-token', expiresAt: new Date(Date.now() + 600_000).toISOString() });
}

async function failureOf(promise: Promise<unknown>): Promise<AdminApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AdminApiError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('callAdmin: what it sends', () => {
  it('sends a GET as a query string under /admin/api/, with the bearer, leaving out empty fields', async () => {
    signIn();
    const seen = serveAdmin({
      players: () => jsonResponse(okEnvelope({ items: [], nextAfter: null })),
    });
    await callAdmin(searchPlayersRoute, {
      q: 'ravi',
      brand: undefined,
      demo: 'false',
      after: '',
      limit: 50,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({
      q: 'ravi',
      demo: 'false',
      limit: '50',
    });
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer the-token');
    expect(seen[0]?.body).toBeUndefined();
  });

  it('sends a POST as a JSON body', async () => {
    signIn();
    const seen = serveAdmin({
      'markets/settle': () => jsonResponse(okEnvelope({ market: null }), 200),
    });
    await failureOf(
      callAdmin(settleMarketRoute, {
        marketId: '1.5',
        winnerRunnerId: 7,
        reason: 'Official result',
      }),
    );
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(seen[0]?.body).toEqual({
      marketId: '1.5',
      winnerRunnerId: 7,
      reason: 'Official result',
    });
  });

  it('never sends a bearer on a call whose auth is none', async () => {
    signIn();
    const seen = serveAdmin({ 'session/sign-in': () => failure('UNAUTHORIZED', 'No.', 401) });
    await failureOf(callAdmin(signInRoute, { userName: 'asha', password: 'x', code: '123456' }));
    expect(seen[0]?.headers.has('Authorization')).toBe(false);
  });
});

describe('callAdmin: what it answers', () => {
  it('returns the result parsed by the route’s response schema', async () => {
    signIn();
    const me = buildMe({ permissions: ['players.read'] });
    serveAdmin({ 'session/me': () => jsonResponse(okEnvelope({ ...me, passwordHash: 'leak' })) });
    const result = await callAdmin(meRoute, {});
    // The schema keeps what the contract names and drops the rest.
    expect(result).toEqual(me);
    expect(result).not.toHaveProperty('passwordHash');
  });

  it('refuses a successful envelope whose result does not match the schema', async () => {
    signIn();
    serveAdmin({
      players: () => jsonResponse(okEnvelope({ items: [{ id: 'not-a-player' }], nextAfter: null })),
    });
    const error = await failureOf(callAdmin(searchPlayersRoute, {}));
    expect(error.code).toBe('UNREADABLE');
    expect(error.message).toMatch(/could not read/);
  });

  it('succeeds only when the envelope says so, whatever the HTTP status', async () => {
    signIn();
    serveAdmin({
      markets: () =>
        jsonResponse(
          failedEnvelope(
            'VALIDATION_FAILED',
            'The request is not valid.',
            'sportId: Unknown sport',
          ),
          200,
        ),
    });
    const error = await failureOf(callAdmin(marketsRoute, { sportId: 9 }));
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid.',
      details: 'sportId: Unknown sport',
    });
  });

  it('surfaces the server’s code and message, as for a settlement someone else made first', async () => {
    signIn();
    serveAdmin({
      'markets/settle': () => failure('CONFLICT', 'The market was settled by priya at 14:02.', 409),
    });
    const error = await failureOf(
      callAdmin(settleMarketRoute, { marketId: '1.5', winnerRunnerId: 7, reason: 'Official' }),
    );
    expect(error).toMatchObject({ code: 'CONFLICT', status: 409 });
    expect(error.message).toBe('The market was settled by priya at 14:02.');
  });

  it('reads a player page through the schema', async () => {
    signIn();
    const rows = [buildPlayerRow(1), buildPlayerRow(2)];
    serveAdmin({ players: () => jsonResponse(okEnvelope({ items: rows, nextAfter: 'c1' })) });
    await expect(callAdmin(searchPlayersRoute, {})).resolves.toEqual({
      items: rows,
      nextAfter: 'c1',
    });
  });

  it('turns a missing answer into a network error', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failureOf(callAdmin(meRoute, {}));
    expect(error.code).toBe('NETWORK');
    expect(error.status).toBeNull();
  });

  it('turns an answer that is no envelope (a proxy’s error page) into a failure with its status', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = await failureOf(callAdmin(meRoute, {}));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/HTTP 502/);
  });
});

describe('callAdmin: a refused session', () => {
  it('ends the session on HTTP 401 and says why', async () => {
    signIn();
    const ended = vi.fn();
    onSessionEnd(ended);
    serveAdmin({ 'session/me': () => failure('UNAUTHORIZED', 'Your session has ended.', 401) });
    const error = await failureOf(callAdmin(meRoute, {}));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(ended).toHaveBeenCalledWith('unauthorized');
  });

  it('ends it too when the envelope says unAuthorizedRequest', async () => {
    signIn();
    serveAdmin({
      'session/me': () =>
        jsonResponse({ success: false, result: null, error: null, unAuthorizedRequest: true }, 200),
    });
    await failureOf(callAdmin(meRoute, {}));
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps the session on other refusals', async () => {
    signIn();
    serveAdmin({ markets: () => failure('FORBIDDEN', 'Your role may not read markets.', 403) });
    const error = await failureOf(callAdmin(marketsRoute, {}));
    expect(error.code).toBe('FORBIDDEN');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });
});
