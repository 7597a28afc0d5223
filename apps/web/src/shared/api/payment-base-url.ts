import { isTestHost } from '@backlay/domains/hosts';
import { previewSuffix, testHosts } from '@backlay/domains/registry.json';
import { apiBaseUrl } from './base-url';

/** The page's meta tag naming the payment host's API base URL (spec §7). */
export const PAYMENT_API_META_NAME = 'backlay-payment-api';

/** The host rules only: whether a hostname is a test host needs no brand list. */
const HOST_RULES = { testHosts, previewSuffix, domains: [] };

function withTrailingSlash(href: string): string {
  return href.endsWith('/') ? href : `${href}/`;
}

/** The http(s) URL the payment meta tag names, resolved against the page; null when none. */
function configuredPaymentBase(doc: Document, origin: string): string | null {
  const content = doc
    .querySelector(`meta[name="${PAYMENT_API_META_NAME}"]`)
    ?.getAttribute('content')
    ?.trim();
  if (!content) return null;
  try {
    const url = new URL(content, origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    url.search = '';
    url.hash = '';
    return withTrailingSlash(url.href);
  } catch {
    // An unreadable tag is as if none were there: payments stay on the API host.
    return null;
  }
}

/**
 * Where the payment calls go (`Payment/Generate`, `Payment/Check`, `Account/GetPaymentInfo`;
 * spec §7): a separate payment host, named by the page's `backlay-payment-api` meta tag, unless
 * the API base URL is on a test host (localhost, test, preview and staging hosts), where the
 * API itself serves them. Without the tag, the API base URL.
 */
export function paymentApiBaseUrl(
  doc: Document = document,
  origin: string = window.location.origin,
): string {
  const apiBase = apiBaseUrl(origin);
  if (isTestHost(new URL(apiBase).hostname, HOST_RULES)) return apiBase;
  return configuredPaymentBase(doc, origin) ?? apiBase;
}
