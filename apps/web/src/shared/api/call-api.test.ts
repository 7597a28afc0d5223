import {
  createAesGcmCodec,
  PAYLOAD_CODEC_HEADER,
  PAYLOAD_CODEC_META,
  PAYLOAD_CODEC_NAME,
  type PayloadCodec,
} from '@backlay/contract/payload-codec';
import { API_ROUTES, type ApiRoute } from '@backlay/contract/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_INDICATOR_ID, resetLoadingIndicator } from '../loading-indicator';
import { onSessionEnd, type SessionEnd } from '../session/session-end';
import { restoreSession, sessionStore } from '../session/session-store';
import { STORAGE_KEYS } from '../storage/storage-keys';
import {
  failedEnvelope,
  jsonResponse,
  okEnvelope,
  requestOf,
  unauthorizedEnvelope,
} from '../test/fixtures';
import { callApi, callParsed } from './call-api';
import { ERROR_MESSAGES } from './error-messages';
import { PAYLOAD_CODEC, PAYLOAD_HEADER, PAYLOAD_META_NAME } from './payload-transform';
import { RequestError } from './request-error';
import { onSiteSuspended } from './site-suspension';

/** A 256-bit key in base64, as the server's configuration holds it. */
const KEY = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i + 1)));

function answering(...responses: (Response | (() => Promise<Response>))[]) {
  const queue = [...responses];
  return vi.fn<typeof fetch>(async () => {
    const next = queue.shift();
    if (!next) throw new Error('no more answers');
    return typeof next === 'function' ? next() : next;
  });
}

function storeSession() {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'the-token');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'the-refresh-token');
  localStorage.setItem(STORAGE_KEYS.expireIn, String(Date.now() + 600_000));
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ userId: 'u1', userName: 'alice' }));
  localStorage.setItem(STORAGE_KEYS.baseUrl, '/api/');
  localStorage.setItem(STORAGE_KEYS.domainSetting, '{"domain":"test"}');
  restoreSession();
}

/** Rejects how fetch rejects when its signal aborts. */
function hangingUntilAborted(): typeof fetch {
  return vi.fn<typeof fetch>(
    (_input, init) =>
      new Promise((_resolve, reject) => {
        const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (init?.signal?.aborted) abort();
        init?.signal?.addEventListener('abort', abort);
      }),
  );
}

async function failureOf(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RequestError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('callApi: the bearer', () => {
  beforeEach(storeSession);

  it.each([
    ['required', API_ROUTES.changePassword],
    ['optional', API_ROUTES.eventsBySportName],
  ])('sends the stored token on a route whose auth is %s', async (_mode, route) => {
    const fetchImpl = answering(jsonResponse(okEnvelope(null)));
    await callApi(route, { fetchImpl, codec: null });
    expect(requestOf(fetchImpl.mock.calls[0]).headers.get('Authorization')).toBe(
      'Bearer the-token',
    );
  });

  it.each([API_ROUTES.authenticate, API_ROUTES.register, API_ROUTES.refreshToken])(
    'never sends it on a route whose auth is none ($path)',
    async (route) => {
      const fetchImpl = answering(jsonResponse(okEnvelope(null)));
      await callApi(route, { fetchImpl, codec: null });
      expect(requestOf(fetchImpl.mock.calls[0]).headers.has('Authorization')).toBe(false);
    },
  );

  it('sends none when no session is held', async () => {
    sessionStore.setState({ ...sessionStore.getState(), accessToken: null });
    const fetchImpl = answering(jsonResponse(okEnvelope(null)));
    await callApi(API_ROUTES.userSetting, { fetchImpl, codec: null });
    expect(requestOf(fetchImpl.mock.calls[0]).headers.has('Authorization')).toBe(false);
  });
});

describe('callApi: the base URL', () => {
  async function urlCalled(savedBaseUrl: string | null, route: ApiRoute = API_ROUTES.userSetting) {
    if (savedBaseUrl !== null) localStorage.setItem(STORAGE_KEYS.baseUrl, savedBaseUrl);
    const fetchImpl = answering(jsonResponse(okEnvelope(null)));
    await callApi(route, {
      fetchImpl,
      codec: null,
      query: { a: 1, skipped: null, gone: undefined },
    });
    return String(fetchImpl.mock.calls[0]?.[0]);
  }

  it("uses this origin's /api/ when none is saved", async () => {
    expect(await urlCalled(null)).toBe('/api/Setting/GetSetting?a=1');
  });

  it('uses a saved absolute base URL, with or without a trailing slash', async () => {
    expect(await urlCalled('https://api.example.com/v2')).toBe(
      'https://api.example.com/v2/Setting/GetSetting?a=1',
    );
    expect(await urlCalled('https://api.example.com/v2/')).toBe(
      'https://api.example.com/v2/Setting/GetSetting?a=1',
    );
  });

  it('uses a saved path on this origin, and a value saved as a JSON string', async () => {
    expect(await urlCalled('/gateway/api/')).toBe('/gateway/api/Setting/GetSetting?a=1');
    expect(await urlCalled('"https://api.example.com/"')).toBe(
      'https://api.example.com/Setting/GetSetting?a=1',
    );
  });

  it('ignores a saved value that is not an http(s) URL', async () => {
    expect(await urlCalled('javascript:alert(1)')).toBe('/api/Setting/GetSetting?a=1');
    expect(await urlCalled('   ')).toBe('/api/Setting/GetSetting?a=1');
  });
});

describe('callApi: the payload transform', () => {
  let codec: PayloadCodec;
  beforeEach(async () => {
    codec = await createAesGcmCodec(KEY);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('spells the wire names as the contract does', () => {
    expect(PAYLOAD_HEADER).toBe(PAYLOAD_CODEC_HEADER);
    expect(PAYLOAD_CODEC).toBe(PAYLOAD_CODEC_NAME);
    expect(PAYLOAD_META_NAME).toBe(PAYLOAD_CODEC_META);
  });

  it('sends body and query untransformed without a codec', async () => {
    const fetchImpl = answering(jsonResponse(okEnvelope({ ok: 1 })));
    await expect(
      callApi(API_ROUTES.authenticate, {
        fetchImpl,
        codec: null,
        body: { userNameOrEmailAddress: 'alice', password: 'pw' },
        query: { x: 'y' },
      }),
    ).resolves.toEqual({ ok: 1 });
    const sent = requestOf(fetchImpl.mock.calls[0]);
    expect(sent.headers.has(PAYLOAD_CODEC_HEADER)).toBe(false);
    expect(JSON.parse(sent.body ?? '')).toEqual({
      userNameOrEmailAddress: 'alice',
      password: 'pw',
    });
    expect(sent.url.search).toBe('?x=y');
  });

  it('seals body and query (mode 0) and opens the sealed answer (mode 1)', async () => {
    const sealedAnswer = JSON.stringify({
      payload: await codec.encode(JSON.stringify(okEnvelope({ secret: 42 }))),
    });
    const fetchImpl = answering(
      new Response(sealedAnswer, {
        status: 200,
        headers: { 'Content-Type': 'application/json', [PAYLOAD_CODEC_HEADER]: PAYLOAD_CODEC_NAME },
      }),
    );

    const result = await callApi(API_ROUTES.userLoginAttempts, {
      fetchImpl,
      codec,
      body: { hello: 'world' },
      query: { Result: 'Failed', MaxResultCount: 10 },
    });

    expect(result).toEqual({ secret: 42 });
    const sent = requestOf(fetchImpl.mock.calls[0]);
    expect(sent.headers.get(PAYLOAD_CODEC_HEADER)).toBe(PAYLOAD_CODEC_NAME);
    const body = JSON.parse(sent.body ?? '') as { payload: string };
    expect(Object.keys(body)).toEqual(['payload']);
    expect(JSON.parse(await codec.decode(body.payload))).toEqual({ hello: 'world' });
    expect([...sent.url.searchParams.keys()]).toEqual(['payload']);
    expect(await codec.decode(sent.url.searchParams.get('payload') ?? '')).toBe(
      'Result=Failed&MaxResultCount=10',
    );
  });

  it('sends the request untransformed when sealing fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: PayloadCodec = {
      encode: () => Promise.reject(new Error('no crypto here')),
      decode: (text) => codec.decode(text),
    };
    const fetchImpl = answering(jsonResponse(okEnvelope('fine')));

    await expect(
      callApi(API_ROUTES.register, { fetchImpl, codec: broken, body: { a: 1 }, query: { q: 2 } }),
    ).resolves.toBe('fine');

    const sent = requestOf(fetchImpl.mock.calls[0]);
    expect(sent.headers.has(PAYLOAD_CODEC_HEADER)).toBe(false);
    expect(JSON.parse(sent.body ?? '')).toEqual({ a: 1 });
    expect(sent.url.search).toBe('?q=2');
    expect(error).toHaveBeenCalled();
  });

  it('logs a response that cannot be opened and uses its raw body', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Marked as sealed, but the body is a plain envelope.
    const fetchImpl = answering(
      new Response(JSON.stringify(okEnvelope('plain')), {
        headers: { [PAYLOAD_CODEC_HEADER]: PAYLOAD_CODEC_NAME },
      }),
    );
    await expect(callApi(API_ROUTES.register, { fetchImpl, codec })).resolves.toBe('plain');
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('could not be transformed back'),
      expect.anything(),
    );
  });

  it('logs a payload sealed with another key and fails on the unreadable raw body', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const other = await createAesGcmCodec(btoa('x'.repeat(32)));
    const fetchImpl = answering(
      new Response(JSON.stringify({ payload: await other.encode('{"success":true}') }), {
        headers: { [PAYLOAD_CODEC_HEADER]: PAYLOAD_CODEC_NAME },
      }),
    );
    const failure = await failureOf(callApi(API_ROUTES.register, { fetchImpl, codec }));
    expect(failure.message).toBe(ERROR_MESSAGES.unreadable);
    expect(error).toHaveBeenCalled();
  });

  describe('switched by the page', () => {
    function addMeta(content: string) {
      const meta = document.createElement('meta');
      meta.name = PAYLOAD_CODEC_META;
      meta.content = content;
      document.head.append(meta);
    }

    it('transforms every call when the meta tag names the codec and its key', async () => {
      addMeta(`${PAYLOAD_CODEC_NAME}:${KEY}`);
      const fetchImpl = answering(jsonResponse(okEnvelope(null)));
      await callApi(API_ROUTES.register, { fetchImpl, body: { a: 1 } });
      const sent = requestOf(fetchImpl.mock.calls[0]);
      expect(sent.headers.get(PAYLOAD_CODEC_HEADER)).toBe(PAYLOAD_CODEC_NAME);
      const { payload } = JSON.parse(sent.body ?? '') as { payload: string };
      expect(JSON.parse(await codec.decode(payload))).toEqual({ a: 1 });
    });

    it('transforms nothing without the meta tag', async () => {
      const fetchImpl = answering(jsonResponse(okEnvelope(null)));
      await callApi(API_ROUTES.register, { fetchImpl, body: { a: 1 } });
      expect(requestOf(fetchImpl.mock.calls[0]).body).toBe('{"a":1}');
    });

    it('transforms nothing, and says why, when the tag holds an unusable key', async () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      addMeta(`${PAYLOAD_CODEC_NAME}:too-short`);
      const fetchImpl = answering(jsonResponse(okEnvelope(null)));
      await callApi(API_ROUTES.register, { fetchImpl, body: { a: 1 } });
      expect(requestOf(fetchImpl.mock.calls[0]).headers.has(PAYLOAD_CODEC_HEADER)).toBe(false);
      expect(error).toHaveBeenCalled();
    });
  });
});

describe('callApi: the error catalogue', () => {
  const call = (fetchImpl: typeof fetch, options = {}) =>
    failureOf(callApi(API_ROUTES.register, { fetchImpl, codec: null, ...options }));

  it('returns the result only when success is true', async () => {
    await expect(
      callApi(API_ROUTES.register, {
        fetchImpl: answering(jsonResponse(okEnvelope({ id: 1 }))),
        codec: null,
      }),
    ).resolves.toEqual({ id: 1 });
  });

  it("takes the envelope's error.message", async () => {
    const failure = await call(
      answering(jsonResponse(failedEnvelope('Name taken', 'CONFLICT'), 409)),
    );
    expect(failure.message).toBe('Name taken');
    expect(failure.status).toBe(409);
  });

  it('keeps the error object’s code and details, as bet refusals give their reason there', async () => {
    const body = {
      success: false,
      result: null,
      error: { code: 'CONFLICT', message: 'The market is closed.', details: 'MARKET_CLOSED' },
      unAuthorizedRequest: false,
    };
    const refused = await call(answering(jsonResponse(body, 409)));
    expect(refused).toMatchObject({
      message: 'The market is closed.',
      code: 'CONFLICT',
      details: 'MARKET_CLOSED',
    });
    const inBody = await call(answering(jsonResponse(body, 200)));
    expect(inBody).toMatchObject({ code: 'CONFLICT', details: 'MARKET_CLOSED', status: 200 });
    const network = await call(vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    expect(network).toMatchObject({ code: null, details: null });
  });

  it('takes the message from result when there is no error object', async () => {
    const body = {
      success: false,
      result: 'Not enough balance',
      error: null,
      unAuthorizedRequest: false,
    };
    expect((await call(answering(jsonResponse(body)))).message).toBe('Not enough balance');
  });

  it('says "Request failed with status code {n}" for a failure without a message', async () => {
    expect((await call(answering(new Response('', { status: 404 })))).message).toBe(
      'Request failed with status code 404',
    );
    expect((await call(answering(new Response('<html>', { status: 502 })))).message).toBe(
      'Request failed with status code 502',
    );
  });

  it('takes a 500 without an error object from the body, else the status text, else a default', async () => {
    expect(
      (await call(answering(new Response('Upstream exploded', { status: 500 })))).message,
    ).toBe('Upstream exploded');
    expect(
      (await call(answering(new Response('', { status: 500, statusText: 'Server Broke' }))))
        .message,
    ).toBe('Server Broke');
    expect((await call(answering(new Response('', { status: 500 })))).message).toBe(
      'Internal Server Error',
    );
  });

  it('takes a 500 with an error object from the error object', async () => {
    const body = failedEnvelope('Something went wrong on our side.', 'INTERNAL');
    expect((await call(answering(jsonResponse(body, 500)))).message).toBe(
      'Something went wrong on our side.',
    );
  });

  it('rejects a network failure with "Please Check Your Network Connection..." (Network Error)', async () => {
    const failure = await call(
      vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')),
    );
    expect(failure.message).toBe('Please Check Your Network Connection...');
    expect(failure.clientMessage).toBe('Network Error');
    expect(failure.status).toBeNull();
    expect(failure.retryable).toBe(true);
  });

  it('says "Request aborted" when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = call(hangingUntilAborted(), { signal: controller.signal });
    controller.abort();
    const failure = await pending;
    expect(failure.message).toBe('Request aborted');
    expect(failure.retryable).toBe(false);
  });

  it('says "timeout of {n}ms exceeded" when a timeout is set and passes', async () => {
    const failure = await call(hangingUntilAborted(), { timeoutMs: 20 });
    expect(failure.message).toBe('timeout of 20ms exceeded');
  });

  it('treats a 2xx answer that is no envelope as unreadable', async () => {
    expect((await call(answering(new Response('<html></html>')))).message).toBe(
      ERROR_MESSAGES.unreadable,
    );
  });

  it("treats a result that does not match the route's response schema as unreadable", async () => {
    const failure = await failureOf(
      callParsed(API_ROUTES.register, {
        fetchImpl: answering(jsonResponse(okEnvelope({ userName: 'ravi' }))),
        codec: null,
      }),
    );
    expect(failure.message).toBe(ERROR_MESSAGES.unreadable);
  });

  it("answers the result parsed with the route's response schema", async () => {
    const result = { codeExpiresInSeconds: 300, resendAfterSeconds: 30 };
    await expect(
      callParsed(API_ROUTES.resendVerificationCode, {
        fetchImpl: answering(jsonResponse(okEnvelope({ ...result, extra: true }))),
        codec: null,
      }),
    ).resolves.toEqual(result);
  });
});

describe('callApi: the loading indicator', () => {
  let indicator: HTMLElement;
  beforeEach(() => {
    indicator = document.createElement('div');
    indicator.id = LOADING_INDICATOR_ID;
    indicator.hidden = true;
    document.body.append(indicator);
    resetLoadingIndicator();
  });
  afterEach(() => indicator.remove());

  async function shownDuring(route: ApiRoute): Promise<boolean> {
    let answer: (response: Response) => void = () => undefined;
    const fetchImpl = vi.fn<typeof fetch>(() => new Promise((resolve) => (answer = resolve)));
    const pending = callApi(route, { fetchImpl, codec: null });
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalled());
    const shown = !indicator.hidden;
    answer(jsonResponse(okEnvelope(null)));
    await pending;
    expect(indicator.hidden).toBe(true);
    return shown;
  }

  it('shows while a call runs and hides when it ends', async () => {
    expect(await shownDuring(API_ROUTES.register)).toBe(true);
    expect(await shownDuring(API_ROUTES.changePassword)).toBe(true);
  });

  it.each([
    API_ROUTES.authenticate,
    API_ROUTES.loginAsDemoUser,
    API_ROUTES.userOdds,
    API_ROUTES.sportTree,
    API_ROUTES.expectedProfitLoss,
    API_ROUTES.openBets,
    API_ROUTES.placeBet,
  ])('stays hidden for the excluded call $path', async (route) => {
    expect(route.loader).toBe(false);
    expect(await shownDuring(route)).toBe(false);
  });

  it('hides after a failed call too', async () => {
    await call401OrFail();
    expect(indicator.hidden).toBe(true);
  });

  async function call401OrFail() {
    await failureOf(
      callApi(API_ROUTES.register, {
        fetchImpl: vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')),
        codec: null,
      }),
    );
  }
});

describe('callApi: a 401', () => {
  let ends: SessionEnd[];
  let stop: () => void;
  beforeEach(() => {
    storeSession();
    localStorage.setItem(STORAGE_KEYS.openBets, '[]');
    ends = [];
    stop = onSessionEnd((end) => ends.push(end));
  });
  afterEach(() => stop());

  function expectWiped() {
    for (const key of [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.expireIn,
      STORAGE_KEYS.userInfo,
    ]) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(sessionStore.getState().accessToken).toBeNull();
    expect(ends).toEqual([{ reason: 'unauthorized', hadSession: true }]);
  }

  it('wipes the session and asks for the logout route on HTTP 401', async () => {
    const failure = await failureOf(
      callApi(API_ROUTES.changePassword, {
        fetchImpl: answering(jsonResponse(unauthorizedEnvelope(), 401)),
        codec: null,
      }),
    );
    expect(failure.status).toBe(401);
    expect(failure.message).toBe('Your session has ended. Please log in again.');
    expectWiped();
    // Only the session goes: the base URL, settings and open bets stay.
    expect(localStorage.getItem(STORAGE_KEYS.baseUrl)).toBe('/api/');
    expect(localStorage.getItem(STORAGE_KEYS.domainSetting)).not.toBeNull();
  });

  it('does the same for unAuthorizedRequest in a 200 body', async () => {
    await failureOf(
      callApi(API_ROUTES.userSetting, {
        fetchImpl: answering(jsonResponse(unauthorizedEnvelope(), 200)),
        codec: null,
      }),
    );
    expectWiped();
  });

  it('does the same for a 401 status in the body', async () => {
    const body = {
      success: false,
      result: null,
      error: null,
      unAuthorizedRequest: false,
      status: 401,
    };
    await failureOf(
      callApi(API_ROUTES.userSetting, { fetchImpl: answering(jsonResponse(body)), codec: null }),
    );
    expectWiped();
  });

  it('leaves the session alone when Account/Authenticate answers 401', async () => {
    await failureOf(
      callApi(API_ROUTES.authenticate, {
        fetchImpl: answering(jsonResponse(unauthorizedEnvelope(), 401)),
        codec: null,
      }),
    );
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('the-token');
    expect(sessionStore.getState().accessToken).toBe('the-token');
    expect(ends).toEqual([]);
  });

  it('leaves the session alone for other failures', async () => {
    await failureOf(
      callApi(API_ROUTES.changePassword, {
        fetchImpl: answering(jsonResponse(failedEnvelope('Nope', 'FORBIDDEN'), 403)),
        codec: null,
      }),
    );
    expect(sessionStore.getState().accessToken).toBe('the-token');
    expect(ends).toEqual([]);
  });
});

describe('callApi: a suspended site', () => {
  const SUSPENDED = 'This site is closed for maintenance. Please try again later.';
  let reported: string[];
  let stop: () => void;
  beforeEach(() => {
    reported = [];
    stop = onSiteSuspended((message) => reported.push(message));
  });
  afterEach(() => stop());

  it("reports SITE_SUSPENDED with the server's message, from any call", async () => {
    for (const route of [
      API_ROUTES.authenticate,
      API_ROUTES.loginAsDemoUser,
      API_ROUTES.placeBet,
    ]) {
      const failure = await failureOf(
        callApi(route, {
          fetchImpl: answering(jsonResponse(failedEnvelope(SUSPENDED, 'SITE_SUSPENDED'), 503)),
          codec: null,
        }),
      );
      expect(failure).toMatchObject({ status: 503, code: 'SITE_SUSPENDED', message: SUSPENDED });
      // Trying again does not reopen a suspended site.
      expect(failure.retryable).toBe(false);
    }
    expect(reported).toEqual([SUSPENDED, SUSPENDED, SUSPENDED]);
  });

  it('reports it in a body that says success is false, whatever the HTTP status', async () => {
    await failureOf(
      callApi(API_ROUTES.register, {
        fetchImpl: answering(jsonResponse(failedEnvelope(SUSPENDED, 'SITE_SUSPENDED'), 200)),
        codec: null,
      }),
    );
    expect(reported).toEqual([SUSPENDED]);
  });

  it('reports nothing for other refusals, a 503 without the code among them', async () => {
    for (const [body, status] of [
      [failedEnvelope('Down for a moment', 'UNAVAILABLE'), 503],
      [failedEnvelope('Nope', 'FORBIDDEN'), 403],
      [failedEnvelope('Wrong user name or password', 'UNAUTHORIZED'), 401],
    ] as const) {
      const failure = await failureOf(
        callApi(API_ROUTES.authenticate, {
          fetchImpl: answering(jsonResponse(body, status)),
          codec: null,
        }),
      );
      expect(failure.status).toBe(status);
    }
    expect(reported).toEqual([]);
  });
});
