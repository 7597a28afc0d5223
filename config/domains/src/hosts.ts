/**
 * Hostnames and brands: which brand a hostname is (its domain, an alias, or a `.localhost`
 * preview), which hostnames are test hosts, and the meta tag a page carries naming its brand.
 * Every function takes the registry it reads: the server's comes from its brand directory,
 * the player client's from the page (this module holds no brand data, so a bundle that uses it
 * carries none).
 */
import { THEME_NAMES, type ThemeName } from '@backlay/contract/brand-themes';

export { THEME_NAMES, type ThemeName };

export interface DomainEntry {
  /** The brand's canonical hostname; its settings file is `settings/<domain>.json`. */
  domain: string;
  /** The hostname group's theme; null means the domain's `bodyBgColor` alone colours it. */
  theme: ThemeName | null;
  /** Other hostnames served as this domain. */
  aliases: string[];
  /** A casino-only brand: the landing opens the crash game in the lobby (spec §2). */
  casinoOnly: boolean;
  /** A special hostname: the landing is `/index`, open to guests (spec §2). */
  indexLanding: boolean;
}

export interface DomainRegistry {
  testHosts: { exact: string[]; firstLabels: string[] };
  previewSuffix: string;
  domains: DomainEntry[];
}

/** The page's meta tag naming the brand the server served it as (brands made in the back office). */
export const BRAND_META_NAME = 'backlay-brand';

/** The entry a brand meta tag carries, when it is one. */
export function parseBrandMeta(content: string | null | undefined): DomainEntry | undefined {
  try {
    const e = JSON.parse(content ?? '') as Partial<DomainEntry> | null;
    const valid =
      typeof e?.domain === 'string' &&
      (e.theme === null || THEME_NAMES.includes(e.theme as ThemeName)) &&
      Array.isArray(e.aliases) &&
      e.aliases.every((alias) => typeof alias === 'string') &&
      typeof e.casinoOnly === 'boolean' &&
      typeof e.indexLanding === 'boolean';
    return valid ? (e as DomainEntry) : undefined;
  } catch {
    return undefined;
  }
}

/** A registry in which `served` replaces any entry of the same domain. */
export function withBrand(
  registry: DomainRegistry,
  served: DomainEntry | undefined,
): DomainRegistry {
  if (!served) return registry;
  const others = registry.domains.filter((entry) => entry.domain !== served.domain);
  return { ...registry, domains: [served, ...others] };
}

/** Each registry's entries by hostname (domain and aliases), built on first use. */
const indexes = new WeakMap<DomainRegistry, Map<string, DomainEntry>>();

function indexOf(registry: DomainRegistry): Map<string, DomainEntry> {
  let byHostname = indexes.get(registry);
  if (!byHostname) {
    byHostname = new Map();
    for (const entry of registry.domains) {
      byHostname.set(entry.domain, entry);
      for (const alias of entry.aliases) byHostname.set(alias, entry);
    }
    indexes.set(registry, byHostname);
  }
  return byHostname;
}

/** Lower-cases a hostname and drops a trailing dot and IPv6 brackets. */
export function normaliseHostname(hostname: string): string {
  return hostname
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');
}

/** Whether a hostname gets the test settings file (localhost, test and preview hosts). */
export function isTestHost(hostname: string, registry: DomainRegistry): boolean {
  const host = normaliseHostname(hostname);
  if (registry.testHosts.exact.includes(host)) return true;
  const firstLabel = host.split('.')[0] ?? '';
  return host.includes('.') && registry.testHosts.firstLabels.includes(firstLabel);
}

/**
 * The hostname a request is served as: `<domain>.localhost` previews `<domain>` locally,
 * and aliases resolve to their domain.
 */
export function servedHostname(hostname: string, registry: DomainRegistry): string {
  let host = normaliseHostname(hostname);
  if (host.endsWith(registry.previewSuffix) && host !== registry.previewSuffix.slice(1)) {
    host = host.slice(0, -registry.previewSuffix.length);
  }
  return host;
}

/** The registry entry a hostname belongs to, if any. */
export function findDomain(hostname: string, registry: DomainRegistry): DomainEntry | undefined {
  return indexOf(registry).get(servedHostname(hostname, registry));
}

/**
 * The name of the settings file for a hostname (spec §1): test hosts share the test
 * file, registered domains and their aliases use the domain's file, and any other
 * hostname asks for a file of its own name, which is missing unless an operator adds it.
 */
export function settingsNameFor(hostname: string, registry: DomainRegistry): string {
  const host = servedHostname(hostname, registry);
  if (isTestHost(host, registry) || isTestHost(hostname, registry)) return 'test';
  return findDomain(host, registry)?.domain ?? host;
}

/** The theme of a hostname's group, or null when it belongs to no group. */
export function themeFor(hostname: string, registry: DomainRegistry): ThemeName | null {
  return findDomain(hostname, registry)?.theme ?? null;
}

/** Whether a settings name could be a file name: no path tricks reach the file system. */
export function isSafeSettingsName(name: string): boolean {
  return /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(name);
}
