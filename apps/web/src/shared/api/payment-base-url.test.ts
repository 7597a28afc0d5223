import { paymentInfoRoute } from '@backlay/contract/wallet-calls';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { jsonResponse, okEnvelope } from '../test/fixtures';
import { callApi } from './call-api';
import { PAYMENT_API_META_NAME, paymentApiBaseUrl } from './payment-base-url';

const LIVE = 'https://99exch.com';

function addMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = PAYMENT_API_META_NAME;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  document.head
    .querySelectorAll(`meta[name="${PAYMENT_API_META_NAME}"]`)
    .forEach((m) => m.remove());
  vi.unstubAllGlobals();
});

describe('the payment base URL', () => {
  it('is the API base URL when the page names no payment host', () => {
    expect(paymentApiBaseUrl(document, LIVE)).toBe('https://99exch.com/api/');
  });

  it("is the meta tag's host when the API is not on a test host", () => {
    addMeta('https://pay.99exch.com/api');
    expect(paymentApiBaseUrl(document, LIVE)).toBe('https://pay.99exch.com/api/');
  });

  it('stays on the API host when the API base URL is a test one', () => {
    addMeta('https://pay.99exch.com/api/');
    expect(paymentApiBaseUrl(document, 'http://localhost:8080')).toBe('http://localhost:8080/api/');
    expect(paymentApiBaseUrl(document, 'https://test.backlay.example')).toBe(
      'https://test.backlay.example/api/',
    );
    // A saved base URL on a test host counts, wherever the page is.
    localStorage.setItem(STORAGE_KEYS.baseUrl, 'https://staging.backlay.example/api/');
    expect(paymentApiBaseUrl(document, LIVE)).toBe('https://staging.backlay.example/api/');
  });

  it('ignores a tag that names no http(s) URL', () => {
    addMeta('javascript:alert(1)');
    expect(paymentApiBaseUrl(document, LIVE)).toBe('https://99exch.com/api/');
  });

  it('is where a call given it as its base goes', async () => {
    addMeta('https://pay.99exch.com/api/');
    const fetchImpl = vi.fn<typeof fetch>(async () => jsonResponse(okEnvelope(null)));
    await callApi(paymentInfoRoute, {
      fetchImpl,
      codec: null,
      baseUrl: paymentApiBaseUrl(document, LIVE),
    });
    expect(String(fetchImpl.mock.calls[0]?.[0])).toBe(
      'https://pay.99exch.com/api/Account/GetPaymentInfo',
    );
  });
});
