import registryJson from '../registry.json';

/** Named themes, each a set of semantic colour tokens in the web client. */
export const THEME_NAMES = [
  '99exch',
  'cricbet99',
  'purple',
  'green',
  'sky',
  'gold365',
  'grand',
  'crimson',
  'midnight',
] as const;

export type ThemeName = (typeof THEME_NAMES)[number];

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

export const REGISTRY = registryJson as DomainRegistry;

const byHostname = new Map<string, DomainEntry>();
for (const entry of REGISTRY.domains) {
  byHostname.set(entry.domain, entry);
  for (const alias of entry.aliases) byHostname.set(alias, entry);
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
export function isTestHost(hostname: string, registry: DomainRegistry = REGISTRY): boolean {
  const host = normaliseHostname(hostname);
  if (registry.testHosts.exact.includes(host)) return true;
  const firstLabel = host.split('.')[0] ?? '';
  return host.includes('.') && registry.testHosts.firstLabels.includes(firstLabel);
}

/**
 * The hostname a request is served as: `<domain>.localhost` previews `<domain>` locally,
 * and aliases resolve to their domain.
 */
export function servedHostname(hostname: string, registry: DomainRegistry = REGISTRY): string {
  let host = normaliseHostname(hostname);
  if (host.endsWith(registry.previewSuffix) && host !== registry.previewSuffix.slice(1)) {
    host = host.slice(0, -registry.previewSuffix.length);
  }
  return host;
}

/** The registry entry a hostname belongs to, if any. */
export function findDomain(
  hostname: string,
  registry: DomainRegistry = REGISTRY,
): DomainEntry | undefined {
  const host = servedHostname(hostname, registry);
  if (registry === REGISTRY) return byHostname.get(host);
  return registry.domains.find((d) => d.domain === host || d.aliases.includes(host));
}

/**
 * The name of the settings file for a hostname (spec §1): test hosts share the test
 * file, registered domains and their aliases use the domain's file, and any other
 * hostname asks for a file of its own name, which is missing unless an operator adds it.
 */
export function settingsNameFor(hostname: string, registry: DomainRegistry = REGISTRY): string {
  const host = servedHostname(hostname, registry);
  if (isTestHost(host, registry) || isTestHost(hostname, registry)) return 'test';
  return findDomain(host, registry)?.domain ?? host;
}

/** The theme of a hostname's group, or null when it belongs to no group. */
export function themeFor(hostname: string, registry: DomainRegistry = REGISTRY): ThemeName | null {
  return findDomain(hostname, registry)?.theme ?? null;
}

/** Whether a settings name could be a file name: no path tricks reach the file system. */
export function isSafeSettingsName(name: string): boolean {
  return /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(name);
}
