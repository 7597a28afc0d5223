import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/error-messages';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { buildSettingsResponse, failedEnvelope, jsonResponse } from '../../../shared/test/fixtures';
import { toastStore } from '../../../shared/toasts/toast-store';
import {
  INVALID_SETTINGS_MESSAGE,
  SETTINGS_RETRY_COUNT,
  settleDomainSettings,
  suspendedMessage,
  type SettingsEnvironment,
} from './load-domain-settings';

function environment(responses: (() => Promise<Response>)[], hostname = '99exch.com') {
  const fetchImpl = vi.fn<typeof fetch>();
  for (const respond of responses) fetchImpl.mockImplementationOnce(respond);
  const sleep = vi.fn<(ms: number) => Promise<void>>().mockResolvedValue(undefined);
  const env: SettingsEnvironment = { fetchImpl, hostname, random: () => 0.5, sleep };
  return { env, fetchImpl, sleep };
}

const networkFailure = () => Promise.reject(new TypeError('Failed to fetch'));
const ok = (body: unknown) => () => Promise.resolve(jsonResponse(body));
const toastMessages = () => toastStore.getState().toasts.map((t) => [t.kind, t.message]);

beforeEach(() => {
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('settleDomainSettings', () => {
  it('loads, stores the setting and its suspension flag, and stays put', async () => {
    const response = buildSettingsResponse({ domain: '99exch.com', domainTitle: '99Exch' });
    const { env, fetchImpl } = environment([ok(response)]);

    const outcome = await settleDomainSettings(env);

    expect(outcome).toEqual({ status: 'ready', response, redirectTo: null });
    expect(String(fetchImpl.mock.calls[0]?.[0])).toBe('/cdn/settings/99exch.com.json?v=550');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.domainSetting) ?? 'null')).toEqual(
      response.setting,
    );
    expect(localStorage.getItem(STORAGE_KEYS.siteSuspended)).toBe('false');
    expect(toastMessages()).toEqual([]);
  });

  it('retries network failures with exponential backoff, then fails into maintenance', async () => {
    const { env, fetchImpl, sleep } = environment(
      Array.from({ length: SETTINGS_RETRY_COUNT + 1 }, () => networkFailure),
    );

    const outcome = await settleDomainSettings(env);

    expect(fetchImpl).toHaveBeenCalledTimes(SETTINGS_RETRY_COUNT + 1);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([400, 800, 1600]);
    expect(outcome).toEqual({
      status: 'failed',
      message: ERROR_MESSAGES.network,
      redirectTo: '/under-maintenance',
    });
    expect(localStorage.getItem(STORAGE_KEYS.siteSuspended)).toBe('true');
    expect(toastMessages()).toEqual([['error', ERROR_MESSAGES.network]]);
  });

  it('recovers when a retry succeeds', async () => {
    const response = buildSettingsResponse();
    const { env, fetchImpl, sleep } = environment([
      () => Promise.resolve(jsonResponse(failedEnvelope('Busy', 'UNAVAILABLE'), 503)),
      networkFailure,
      ok(response),
    ]);

    const outcome = await settleDomainSettings(env);

    expect(outcome.status).toBe('ready');
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([400, 800]);
    expect(localStorage.getItem(STORAGE_KEYS.siteSuspended)).toBe('false');
  });

  it('shows the server message of an unknown settings file without retrying', async () => {
    const message = 'No settings exist for the site "nowhere.example".';
    const { env, fetchImpl } = environment(
      [() => Promise.resolve(jsonResponse(failedEnvelope(message), 404))],
      'nowhere.example',
    );

    const outcome = await settleDomainSettings(env);

    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ status: 'failed', message, redirectTo: '/under-maintenance' });
    expect(toastMessages()).toEqual([['error', message]]);
    expect(localStorage.getItem(STORAGE_KEYS.siteSuspended)).toBe('true');
  });

  it('falls back to the status message when an error body has no envelope', async () => {
    const { env } = environment([() => Promise.resolve(new Response('nope', { status: 404 }))]);
    const outcome = await settleDomainSettings(env);
    expect(outcome).toMatchObject({
      status: 'failed',
      message: 'Request failed with status code 404',
    });
  });

  it('treats a body that is not JSON as a failed load', async () => {
    const { env } = environment([
      () => Promise.resolve(new Response('{"setting": {', { status: 200 })),
    ]);

    const outcome = await settleDomainSettings(env);

    expect(outcome.status).toBe('failed');
    expect(localStorage.getItem(STORAGE_KEYS.siteSuspended)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.domainSetting)).toBeNull();
    expect(toastMessages()).toEqual([['error', ERROR_MESSAGES.unreadable]]);
  });

  it('treats a settings file with a missing field as a failed load', async () => {
    const response = buildSettingsResponse();
    const { domainTitle: _dropped, ...incomplete } = response.setting;
    const { env } = environment([ok({ ...response, setting: incomplete })]);

    const outcome = await settleDomainSettings(env);

    expect(outcome).toMatchObject({ status: 'failed', message: INVALID_SETTINGS_MESSAGE });
    expect(localStorage.getItem(STORAGE_KEYS.siteSuspended)).toBe('true');
    expect(toastMessages()).toEqual([['error', INVALID_SETTINGS_MESSAGE]]);
  });

  it('treats a response without its lists as a failed load', async () => {
    const { setting } = buildSettingsResponse();
    const { env } = environment([ok({ setting })]);
    expect((await settleDomainSettings(env)).status).toBe('failed');
  });

  it('sends a suspended domain to maintenance with an info toast', async () => {
    const response = buildSettingsResponse({ siteSuspended: true });
    const { env } = environment([ok(response)]);

    const outcome = await settleDomainSettings(env);

    expect(outcome).toEqual({ status: 'suspended', response, redirectTo: '/under-maintenance' });
    expect(localStorage.getItem(STORAGE_KEYS.siteSuspended)).toBe('true');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.domainSetting) ?? 'null')).toEqual(
      response.setting,
    );
    expect(toastMessages()).toEqual([['info', suspendedMessage(response.setting.domainTitle)]]);
  });
});
