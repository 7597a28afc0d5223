/**
 * The brands this page knows: the one the server says the page is (its meta tag, which also
 * covers brands made in the back office after this code was built), and the host rules (test
 * and preview hosts). A production bundle carries no brand list of its own; the development
 * server and tests, whose pages have no tag, fall back to the brands that ship in
 * `config/domains`.
 */
import {
  BRAND_META_NAME,
  parseBrandMeta,
  withBrand,
  type DomainEntry,
  type DomainRegistry,
} from '@backlay/domains/hosts';
import { domains, previewSuffix, testHosts } from '@backlay/domains/registry.json';

/** The shipped brands outside production; a constant, so a production build drops the list. */
const SHIPPED_DOMAINS: DomainEntry[] = import.meta.env.PROD
  ? []
  : (domains as DomainRegistry['domains']);

/** The registry of a page: its brand tag over the host rules and `shipped` brands. */
export function pageRegistry(
  doc: Pick<Document, 'querySelector'> | undefined = globalThis.document,
  shipped: DomainEntry[] = SHIPPED_DOMAINS,
): DomainRegistry {
  const served = parseBrandMeta(
    doc?.querySelector(`meta[name="${BRAND_META_NAME}"]`)?.getAttribute('content'),
  );
  return withBrand({ testHosts, previewSuffix, domains: shipped }, served);
}

export const PAGE_REGISTRY = pageRegistry();
