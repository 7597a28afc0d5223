/**
 * The brand directory: every brand's registry entry, settings file and betting rules, held in
 * memory so a request's host, a settings file and a bet's limits cost no query. The database is
 * the source: `config/domains` seeds the names it lacks, an operator's change reloads this
 * instance at once and is announced to the others on a change channel (the hub's backplane),
 * and a slow reload every minute catches an announcement lost to a broken connection.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  bettingDefaultsSchema,
  brandDocumentSchema,
  TEST_BRAND,
  type BettingDefaults,
  type BettingRules,
  type BrandDocument,
} from '@backlay/contract/admin-brands';
import {
  DEFAULT_SETTINGS_NAME,
  defaultDomainSettingsSchema,
  type DomainSettingsResponse,
} from '@backlay/contract/domain-settings';
import type { DomainEntry, DomainRegistry } from '@backlay/domains/registry';
import type { Database } from '../../db/database';
import {
  BETTING_DEFAULTS,
  documentRows,
  readHostRules,
  readSeedDocuments,
  type BrandDocuments,
} from './brand-documents';

export interface BrandDirectory {
  /** The hostname registry: every brand's entry (not the test brand's) and the host rules. */
  registry(): DomainRegistry;
  /** A settings file's text as served, by settings name (a domain, `test` or `default`). */
  settingsFile(name: string): string | undefined;
  /** A brand's settings, by domain or `test`. */
  settings(name: string): DomainSettingsResponse | undefined;
  /** The platform's betting rules and a brand's own (empty when it has none). */
  betting(name: string): { defaults: BettingDefaults; own: BettingRules };
}

/** How instances tell each other a brand changed (the hub's backplane, on a topic of its own). */
export interface BrandChangeChannel {
  publish(record: string): Promise<void>;
  listen(listener: (record: string) => void): Promise<void>;
}

export interface LiveBrandDirectory extends BrandDirectory {
  /** Reads every document again; concurrent calls share a read that starts after them. */
  reload(): Promise<void>;
  /** Listens on `channel` for other instances' changes, and announces this one's there. */
  connect(channel: BrandChangeChannel): Promise<void>;
  /** Reloads this instance, then tells the others. Call after the change commits. */
  announceChange(): Promise<void>;
  close(): void;
}

const SAFETY_RELOAD_MS = 60_000;

/** A directory answering from a set of documents that never changes. */
function staticDirectory(documents: BrandDocuments): BrandDirectory {
  const domains: DomainEntry[] = [];
  const files = new Map<string, string>();
  for (const [name, document] of documents.brands) {
    if (name !== TEST_BRAND) domains.push({ domain: name, ...document.entry });
    files.set(name, JSON.stringify(document.settings));
  }
  files.set(DEFAULT_SETTINGS_NAME, JSON.stringify(documents.defaultSettings));
  domains.sort((a, b) => a.domain.localeCompare(b.domain));
  const registry: DomainRegistry = { ...documents.hosts, domains };
  return {
    registry: () => registry,
    settingsFile: (name) => files.get(name),
    settings: (name) => documents.brands.get(name)?.settings,
    betting: (name) => ({
      defaults: documents.bettingDefaults,
      own: documents.brands.get(name)?.betting ?? {},
    }),
  };
}

/** The directory of `config/domains` as it is on disk, read once (tests and tools). */
export function fileBrandDirectory(domainsDir: string): BrandDirectory {
  return staticDirectory(readSeedDocuments(domainsDir));
}

/** Adds the documents of `config/domains` that the database does not have yet, as version 1. */
export async function seedBrandDocuments(db: Database, domainsDir: string): Promise<number> {
  const rows = documentRows(readSeedDocuments(domainsDir));
  const inserted = await db.query<{ name: string }>(
    `WITH seed AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS s(name text, kind text, document jsonb)
     ), inserted AS (
       INSERT INTO brand_documents (name, kind, document, version)
       SELECT name, kind, document, 1 FROM seed
       ON CONFLICT (name) DO NOTHING
       RETURNING name, document, updated_at
     )
     INSERT INTO brand_document_versions (name, version, document, changed_at)
     SELECT name, 1, document, updated_at FROM inserted
     RETURNING name`,
    [JSON.stringify(rows)],
  );
  return inserted.length;
}

/** Reads every document from the database; a document that no longer parses is left out. */
async function loadDocuments(
  db: Database,
  hosts: BrandDocuments['hosts'],
  log: FastifyBaseLogger,
): Promise<BrandDocuments> {
  const rows = await db.query<{ name: string; kind: string; document: unknown }>(
    'SELECT name, kind, document FROM brand_documents',
  );
  const brands = new Map<string, BrandDocument>();
  let defaultSettings: BrandDocuments['defaultSettings'] | undefined;
  let bettingDefaults: BettingDefaults | undefined;
  for (const row of rows) {
    const schema =
      row.kind === 'brand'
        ? brandDocumentSchema
        : row.kind === 'default'
          ? defaultDomainSettingsSchema
          : bettingDefaultsSchema;
    const parsed = schema.safeParse(row.document);
    if (!parsed.success) {
      log.error({ brand: row.name, issues: parsed.error.issues }, 'brand document does not parse');
      continue;
    }
    if (row.kind === 'brand') brands.set(row.name, parsed.data as BrandDocument);
    else if (row.name === DEFAULT_SETTINGS_NAME)
      defaultSettings = parsed.data as BrandDocuments['defaultSettings'];
    else if (row.name === BETTING_DEFAULTS) bettingDefaults = parsed.data as BettingDefaults;
  }
  if (!defaultSettings || !bettingDefaults) {
    throw new Error('the brand directory has no default settings or betting defaults');
  }
  return { brands, defaultSettings, bettingDefaults, hosts };
}

/**
 * Seeds the database from `config/domains`, loads it, and keeps it fresh: `announceChange`
 * after a commit, the change channel for other instances' changes, a safety reload each minute.
 */
export async function openBrandDirectory(options: {
  db: Database;
  domainsDir: string;
  log: FastifyBaseLogger;
}): Promise<LiveBrandDirectory> {
  const { db, log } = options;
  const hosts = readHostRules(options.domainsDir);
  await seedBrandDocuments(db, options.domainsDir);
  let current = staticDirectory(await loadDocuments(db, hosts, log));
  let channel: BrandChangeChannel | null = null;

  let running: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  function reload(): Promise<void> {
    if (queued) return queued;
    const next = running.then(async () => {
      queued = null;
      current = staticDirectory(await loadDocuments(db, hosts, log));
    });
    queued = next;
    running = next.catch(() => undefined);
    return next;
  }
  const safety = setInterval(() => {
    reload().catch((error: unknown) => log.warn({ err: error }, 'brand directory reload failed'));
  }, SAFETY_RELOAD_MS);
  safety.unref();

  return {
    registry: () => current.registry(),
    settingsFile: (name) => current.settingsFile(name),
    settings: (name) => current.settings(name),
    betting: (name) => current.betting(name),
    reload,
    async connect(changes) {
      channel = changes;
      try {
        await changes.listen(() => {
          reload().catch((error: unknown) =>
            log.warn({ err: error }, 'brand directory reload failed'),
          );
        });
      } catch (error) {
        // The instance still serves; other instances' changes reach it by the safety reload.
        log.error({ err: error }, 'brand changes could not be subscribed to');
      }
    },
    async announceChange() {
      await reload();
      await channel
        ?.publish(JSON.stringify({ changedAt: Date.now() }))
        .catch((error: unknown) => log.warn({ err: error }, 'brand change not announced'));
    },
    close: () => clearInterval(safety),
  };
}
