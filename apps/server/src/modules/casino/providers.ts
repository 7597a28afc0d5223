/**
 * Casino providers, configured rather than coded: each is a row (seeded from
 * `config/domains/casino-games.json`, changed by owners in the console) with where its games
 * are, Backlay's operator id there, its currency and its switch, plus a signing secret from the
 * environment or generated once and kept in the database, as the payment gateway's are.
 *
 * Every instance holds the providers in memory (launches, callbacks and the pages' Content-
 * Security-Policy read them on every request) and reads them again after a change it made, and
 * once a minute for changes made elsewhere.
 */
import { randomBytes } from 'node:crypto';
import type { CasinoProvider } from '@backlay/contract/admin-casino';
import type { Queryable } from '../../db/database';
import type { CasinoSettings } from './casino-settings';
import { TEST_PROVIDER_PREFIX } from './test-provider';

/** Where the built-in studio serves a provider's games: same origin. */
export const BUILT_IN_STUDIO_PREFIX = '/games';

/** How often an instance reads the providers again, for changes another instance made. */
export const PROVIDER_REFRESH_MS = 60_000;

export interface ProviderRow {
  code: string;
  name: string;
  base_url: string | null;
  test_base_url: string | null;
  operator_id: string;
  currency: string;
  enabled: boolean;
  version: number;
  updated_at: Date;
}

export interface Provider {
  code: string;
  name: string;
  baseUrl: string | null;
  testBaseUrl: string | null;
  operatorId: string;
  currency: string;
  enabled: boolean;
  version: number;
  updatedAt: Date;
}

/** What serves games here besides configured URLs: the built-in studio, the test provider. */
export interface BuiltInGames {
  /** The built-in studio serves `/games/<code>/` (a later part of the casino). */
  studio: boolean;
  /** The built-in test provider serves `/games/test/<code>/`. */
  testProvider: boolean;
}

function providerOf(row: ProviderRow): Provider {
  return {
    code: row.code,
    name: row.name,
    baseUrl: row.base_url,
    testBaseUrl: row.test_base_url,
    operatorId: row.operator_id,
    currency: row.currency,
    enabled: row.enabled,
    version: row.version,
    updatedAt: row.updated_at,
  };
}

const PROVIDER_COLUMNS =
  'code, name, base_url, test_base_url, operator_id, currency, enabled, version, updated_at';

/** Every provider, by code. */
export async function readProviders(db: Queryable): Promise<Provider[]> {
  const rows = await db.query<ProviderRow>(
    `SELECT ${PROVIDER_COLUMNS} FROM casino_providers ORDER BY code`,
  );
  return rows.map(providerOf);
}

/**
 * Where a provider's games are launched: on live hosts its base URL, else the built-in studio,
 * else (until the studio is served) the test provider when it runs; on test, localhost and
 * preview hosts its test base URL, else the test provider when it runs, else the live one.
 * Null: nowhere, and launches are refused.
 */
export function gameUrls(
  provider: Pick<Provider, 'code' | 'baseUrl' | 'testBaseUrl'>,
  builtIn: BuiltInGames,
): { live: string | null; test: string | null } {
  const testProviderUrl = builtIn.testProvider ? `${TEST_PROVIDER_PREFIX}/${provider.code}/` : null;
  const live =
    provider.baseUrl ??
    (builtIn.studio ? `${BUILT_IN_STUDIO_PREFIX}/${provider.code}/` : testProviderUrl);
  return { live, test: provider.testBaseUrl ?? testProviderUrl ?? live };
}

/** The origin of an absolute URL (a same-origin path has none of its own). */
function originOf(url: string | null): string | null {
  if (!url || url.startsWith('/')) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export interface ProviderSecret {
  secret: string;
  source: 'environment' | 'database';
}

/**
 * Each provider's signing secret: the environment's, or one generated once and kept in
 * `server_secrets`, so every instance on the database (and the built-in test provider, which is
 * handed the same value) agrees on a fresh install.
 */
export async function loadProviderSecrets(
  db: Queryable,
  codes: readonly string[],
  configured: CasinoSettings['secrets'],
): Promise<Map<string, ProviderSecret>> {
  const secrets = new Map<string, ProviderSecret>();
  for (const code of codes) {
    const given = configured[code];
    if (given) {
      secrets.set(code, { secret: given, source: 'environment' });
      continue;
    }
    const name = `casino_provider_secret:${code}`;
    await db.query(
      'INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
      [name, randomBytes(32).toString('base64url')],
    );
    const [row] = await db.query<{ value: string }>(
      'SELECT value FROM server_secrets WHERE name = $1',
      [name],
    );
    if (!row) throw new Error(`the secret of casino provider ${code} could not be stored`);
    secrets.set(code, { secret: row.value, source: 'database' });
  }
  return secrets;
}

/** The providers as this instance holds them now. */
export interface ProviderDirectory {
  list(): readonly Provider[];
  get(code: string): Provider | undefined;
  /** The provider's signing secret; undefined for an unknown provider. */
  secretOf(code: string): ProviderSecret | undefined;
  urls(provider: Provider): { live: string | null; test: string | null };
  /** The other origins enabled providers' games are framed from, for the pages' CSP. */
  frameOrigins(): readonly string[];
  /** The provider as the console shows it. */
  view(provider: Provider): CasinoProvider;
  /** Reads the providers (and any new one's secret) again. */
  refresh(): Promise<void>;
  close(): void;
}

export async function openProviderDirectory(options: {
  db: Queryable;
  settings: CasinoSettings;
  builtIn: BuiltInGames;
  log: { error(object: unknown, message: string): void };
  refreshMs?: number;
}): Promise<ProviderDirectory> {
  const { db, settings, builtIn } = options;
  let providers = new Map<string, Provider>();
  let secrets = new Map<string, ProviderSecret>();
  let origins: readonly string[] = [];

  const urls = (provider: Provider) => gameUrls(provider, builtIn);
  const originsOf = (provider: Provider) => {
    const { live, test } = urls(provider);
    return [...new Set([originOf(live), originOf(test)].filter((o): o is string => o !== null))];
  };

  async function refresh(): Promise<void> {
    const list = await readProviders(db);
    const missing = list.map((p) => p.code).filter((code) => !secrets.has(code));
    if (missing.length > 0) {
      const loaded = await loadProviderSecrets(db, missing, settings.secrets);
      secrets = new Map([...secrets, ...loaded]);
    }
    providers = new Map(list.map((p) => [p.code, p]));
    origins = [...new Set(list.filter((p) => p.enabled).flatMap(originsOf))].sort();
  }
  await refresh();

  const refreshMs = options.refreshMs ?? PROVIDER_REFRESH_MS;
  const timer =
    refreshMs > 0
      ? setInterval(() => {
          refresh().catch((error: unknown) =>
            options.log.error({ err: error }, 'casino: reading the providers failed'),
          );
        }, refreshMs)
      : null;
  timer?.unref();

  return {
    list: () => [...providers.values()],
    get: (code) => providers.get(code),
    secretOf: (code) => secrets.get(code),
    urls,
    frameOrigins: () => origins,
    view(provider) {
      const { live, test } = urls(provider);
      return {
        code: provider.code,
        name: provider.name,
        baseUrl: provider.baseUrl,
        testBaseUrl: provider.testBaseUrl,
        gameUrl: live,
        testGameUrl: test,
        operatorId: provider.operatorId,
        currency: provider.currency,
        enabled: provider.enabled,
        secretSource: secrets.get(provider.code)?.source ?? 'database',
        frameOrigins: originsOf(provider),
        version: provider.version,
        updatedAt: provider.updatedAt.toISOString(),
      };
    },
    refresh,
    close: () => {
      if (timer) clearInterval(timer);
    },
  };
}

export interface ProviderChange {
  code: string;
  version: number;
  name: string;
  baseUrl: string | null;
  testBaseUrl: string | null;
  operatorId: string;
  enabled: boolean;
}

/**
 * An owner's change of a provider, in the caller's transaction, under the row's lock: 'stale'
 * when the row is at another version than the edit was made on, 'missing' for no such
 * provider; otherwise the provider before and after.
 */
export async function updateProvider(
  tx: Queryable,
  change: ProviderChange,
): Promise<{ before: Provider; after: Provider } | 'missing' | 'stale'> {
  const [locked] = await tx.query<ProviderRow>(
    `SELECT ${PROVIDER_COLUMNS} FROM casino_providers WHERE code = $1 FOR UPDATE`,
    [change.code],
  );
  if (!locked) return 'missing';
  if (locked.version !== change.version) return 'stale';
  const [row] = await tx.query<ProviderRow>(
    `UPDATE casino_providers SET name = $2, base_url = $3, test_base_url = $4, operator_id = $5,
       enabled = $6, version = version + 1, updated_at = now()
     WHERE code = $1 RETURNING ${PROVIDER_COLUMNS}`,
    [
      change.code,
      change.name,
      change.baseUrl,
      change.testBaseUrl,
      change.operatorId,
      change.enabled,
    ],
  );
  if (!row) throw new Error(`casino provider ${change.code} vanished under its lock`);
  return { before: providerOf(locked), after: providerOf(row) };
}
