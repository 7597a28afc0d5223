/**
 * The tag that tells a page which brand its host is, for brands the client's own copy of the
 * registry may not know (made in the back office after the client was built): its theme
 * group, aliases and landing flags. Test hosts and unknown hosts get none.
 */
import {
  BRAND_META_NAME,
  findDomain,
  isTestHost,
  type DomainRegistry,
} from '@backlay/domains/registry';

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
};

export function brandPageTag(registry: DomainRegistry, hostname: string): string {
  if (isTestHost(hostname, registry)) return '';
  const entry = findDomain(hostname, registry);
  if (!entry) return '';
  const content = JSON.stringify(entry).replace(/[&"<>']/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
  return `<meta name="${BRAND_META_NAME}" content="${content}">`;
}
