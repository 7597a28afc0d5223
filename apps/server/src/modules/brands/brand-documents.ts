/**
 * The documents a brand directory holds, and how `config/domains` turns into them: one per
 * brand (registry entry, settings file, betting rules), the test hosts' brand, the
 * default-domain settings file and the platform's betting rules. The same reading seeds a fresh
 * database and serves tests that run without one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  bettingDefaultsSchema,
  bettingRulesSchema,
  brandDocumentSchema,
  TEST_BRAND,
  type BettingDefaults,
  type BrandDocument,
} from '@backlay/contract/admin-brands';
import {
  DEFAULT_SETTINGS_NAME,
  defaultDomainSettingsSchema,
  domainSettingsResponseSchema,
  SETTINGS_DIR,
  type DefaultDomainSettings,
} from '@backlay/contract/domain-settings';
import type { DomainRegistry } from '@backlay/domains/registry';

/** The name the platform's betting rules are kept under. */
export const BETTING_DEFAULTS = 'betting-defaults';

export type DocumentKind = 'brand' | 'default' | 'betting-defaults';

/** Every document of a directory, by name. */
export interface BrandDocuments {
  brands: Map<string, BrandDocument>;
  defaultSettings: DefaultDomainSettings;
  bettingDefaults: BettingDefaults;
  /** Which hostnames are test hosts and how previews are named: configuration, not brand data. */
  hosts: Pick<DomainRegistry, 'testHosts' | 'previewSuffix'>;
}

const registryFileSchema = z.object({
  testHosts: z.object({ exact: z.array(z.string()), firstLabels: z.array(z.string()) }),
  previewSuffix: z.string(),
  domains: z.array(
    z.object({
      domain: z.string(),
      theme: z.string().nullable(),
      aliases: z.array(z.string()),
      casinoOnly: z.boolean(),
      indexLanding: z.boolean(),
    }),
  ),
});

const bettingFileSchema = z.object({
  defaults: bettingDefaultsSchema,
  domains: z.record(z.string(), bettingRulesSchema),
});

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The host rules of `config/domains/registry.json`. */
export function readHostRules(domainsDir: string): BrandDocuments['hosts'] {
  const { testHosts, previewSuffix } = registryFileSchema.parse(
    readJson(path.join(domainsDir, 'registry.json')),
  );
  return { testHosts, previewSuffix };
}

/**
 * Reads `config/domains` as documents. A registered brand without a settings file is left out
 * (it could never have been served); a malformed file throws, naming the file.
 */
export function readSeedDocuments(domainsDir: string): BrandDocuments {
  const registry = registryFileSchema.parse(readJson(path.join(domainsDir, 'registry.json')));
  const betting = bettingFileSchema.parse(readJson(path.join(domainsDir, 'betting.json')));
  const settingsOf = (name: string) => {
    const file = path.join(domainsDir, SETTINGS_DIR, `${name}.json`);
    if (!fs.existsSync(file)) return undefined;
    const parsed = domainSettingsResponseSchema.safeParse(readJson(file));
    if (!parsed.success) throw new Error(`${file} is not a valid settings file: ${parsed.error}`);
    return parsed.data;
  };
  const brands = new Map<string, BrandDocument>();
  const entries = [
    ...registry.domains,
    { domain: TEST_BRAND, theme: null, aliases: [], casinoOnly: false, indexLanding: false },
  ];
  for (const { domain, ...entry } of entries) {
    const settings = settingsOf(domain);
    if (!settings) continue;
    brands.set(
      domain,
      brandDocumentSchema.parse({ entry, settings, betting: betting.domains[domain] ?? {} }),
    );
  }
  return {
    brands,
    defaultSettings: defaultDomainSettingsSchema.parse(
      readJson(path.join(domainsDir, SETTINGS_DIR, `${DEFAULT_SETTINGS_NAME}.json`)),
    ),
    bettingDefaults: betting.defaults,
    hosts: { testHosts: registry.testHosts, previewSuffix: registry.previewSuffix },
  };
}

/** Every document as a (name, kind, body) row, in a stable order. */
export function documentRows(
  documents: Omit<BrandDocuments, 'hosts'>,
): { name: string; kind: DocumentKind; document: unknown }[] {
  return [
    ...[...documents.brands].map(([name, document]) => ({
      name,
      kind: 'brand' as const,
      document,
    })),
    { name: DEFAULT_SETTINGS_NAME, kind: 'default', document: documents.defaultSettings },
    { name: BETTING_DEFAULTS, kind: 'betting-defaults', document: documents.bettingDefaults },
  ];
}
