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
