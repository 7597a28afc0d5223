import type { DomainSetting, DomainSettingsResponse } from '@backlay/contract/domain-settings';

/** A complete domain setting; tests override only the fields they are about. */
export function buildSetting(overrides: Partial<DomainSetting> = {}): DomainSetting {
  return {
    domain: 'test',
    domainTitle: 'Backlay Test',
    description: 'Test settings.',
    mainLogo: '/cdn/assets/_test/logo.svg',
    favicon: '/cdn/assets/_test/favicon.svg',
    baseUrl: '/api/',
    siteSuspended: false,
    bodyBgColor: '#1b1f3b',
    showSupportLink: true,
    supportLink: 'https://wa.me/910000000000',
    telegramId: 'backlay_test',
    instagramId: 'backlay.test',
    showDepositW: true,
    football: true,
    tennis: true,
    cricket: true,
    kabaddi: true,
    horseRacing: true,
    ...overrides,
  };
}

/** A complete settings file around a setting. */
export function buildSettingsResponse(
  overrides: Partial<DomainSetting> = {},
): DomainSettingsResponse {
  return {
    setting: buildSetting(overrides),
    bonuses: [],
    events: [],
    games: [],
    tv: { enabled: true },
  };
}

/** A JSON response as `fetch` resolves it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A failed envelope, as the server answers an unknown settings file. */
export function failedEnvelope(message: string, code = 'NOT_FOUND') {
  return {
    success: false,
    result: null,
    error: { code, message, details: null },
    unAuthorizedRequest: false,
  };
}

/** A successful envelope around a result. */
export function okEnvelope(result: unknown) {
  return { success: true, result, error: null, unAuthorizedRequest: false };
}

/** The envelope of a refused bearer, as the server answers it with HTTP 401. */
export function unauthorizedEnvelope() {
  return {
    success: false,
    result: null,
    error: {
      code: 'UNAUTHORIZED',
      message: 'Your session has ended. Please log in again.',
      details: null,
    },
    unAuthorizedRequest: true,
  };
}

const DEFAULT_STAKE_BUTTONS = [100, 500, 1000, 2000, 3000, 4000, 5000, 6000].map((value) => ({
  title: value >= 1000 ? `${value / 1000}k` : String(value),
  value,
}));

/** A login result as Account/Authenticate answers it. */
export function buildLoginResult(overrides: Record<string, unknown> = {}) {
  return {
    accessToken: 'access-1',
    refreshToken: 'refresh-1-0123456789abcdef',
    expireInSeconds: 1800,
    userIp: '203.0.113.7',
    stakes: DEFAULT_STAKE_BUTTONS,
    casinoToken: 'casino-1',
    domain: 'test',
    userName: 'alice',
    ...overrides,
  };
}

/** The user info Setting/GetSetting answers with. */
export function buildUserInfoResult(overrides: Record<string, unknown> = {}) {
  return {
    userId: 'user-1',
    userName: 'alice',
    isDemo: false,
    balance: 1500.5,
    exposure: 200.25,
    football: true,
    tennis: true,
    cricket: true,
    kabaddi: false,
    horseRacing: false,
    ...overrides,
  };
}

/** Where a mocked fetch was called and with what, read back in one shape. */
export function requestOf(call: Parameters<typeof fetch> | undefined) {
  const [input, init] = call ?? [];
  const url = new URL(String(input), window.location.origin);
  return {
    url,
    method: init?.method ?? 'GET',
    headers: new Headers(init?.headers),
    body: init?.body === undefined || init.body === null ? undefined : String(init.body),
  };
}
