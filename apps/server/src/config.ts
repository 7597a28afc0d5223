import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './config-error';
import { parseFrameOrigins } from './http/security-headers';
import { loadCasinoSettings, type CasinoSettings } from './modules/casino';
import { loadHouseGamesSettings, type HouseGamesSettings } from './modules/house-games';
import { loadLimitSettings, type LimitSettings } from './modules/limits';
import type { S3ImageStoreSettings, SecondApprovalRules } from './modules/payments';

/** The repository root, found from this file so the server runs from any working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for embedded data (PGlite); ignored for the database when `databaseUrl` is set. */
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  production: boolean;
  logLevel: string;
  /** The built web app; the server answers 503 for pages until it exists. */
  webDistDir: string;
  /** The built back office, served under `/admin/`; its pages answer 503 until it exists. */
  adminDistDir: string;
  /** Domain registry folder: settings files and brand assets served under `/cdn`. */
  domainsDir: string;
  /** Base64 key for signing access tokens; by default one is generated and kept in the database. */
  tokenSecret: string | null;
  /**
   * Webhook of the SMS provider; without it codes go to the log and the development outbox.
   * Production refuses to start without one unless `ALLOW_NO_SMS_PROVIDER=true`.
   */
  smsProviderUrl: string | null;
  smsProviderToken: string | null;
  /** Base64 AES-256 key: when set, clients transform their calls (spec §7 modes 0 and 1). */
  payloadCodecKey: string | null;
  /**
   * Which proxies' `X-Forwarded-For` to believe for the client address (login limits and the
   * login record depend on it): false (none, the default), true (any), a hop count, or addresses.
   */
  trustProxy: boolean | number | string;
  /**
   * Send Strict-Transport-Security on every answer (`HSTS=true`), for when TLS ends at a proxy
   * that does not say so in `X-Forwarded-Proto`; answers that came over TLS always carry it.
   */
  hsts: boolean;
  /** The sports feed `npm start` runs: the built-in simulator (default) or none. */
  feed: 'simulator' | 'off';
  /** The simulator's seed; by default a new one per start. */
  feedSeed: number | null;
  /** How many times faster than real time simulated matches run. */
  feedPace: number;
  /**
   * How many times faster than real time the whole simulated feed runs, schedule included
   * (default 1): demos and end-to-end tests see events start, play and settle within seconds.
   * Event times then run ahead of the wall clock.
   */
  feedTimeScale: number;
  /** The abuse limits (`LIMIT_*` variables), each one or more windows; empty means off. */
  limits: LimitSettings;
  /**
   * When finance's money waits for a second operator: what one operator adjusts for one player
   * over a window (`ADJUSTMENT_APPROVAL_ABOVE`, default ₹10,000, `ADJUSTMENT_APPROVAL_WINDOW_HOURS`,
   * default 24), and a deposit approved above what the player asked by more than
   * `DEPOSIT_CORRECTION_TOLERANCE` rupees or `DEPOSIT_CORRECTION_TOLERANCE_PERCENT`, whichever is
   * smaller (default ₹100 and 10%).
   */
  secondApproval: SecondApprovalRules;
  /** Link and UPI-intent deposits: which gateway, its keys, and the built-in sandbox. */
  paymentGateway: PaymentGatewaySettings;
  /**
   * Where payment screenshots are kept: an S3-compatible bucket (`S3_*`); null: the folder
   * `images` under `DATA_DIR`.
   */
  imageBucket: S3ImageStoreSettings | null;
  /**
   * Casino providers' origins pages may frame (`CASINO_PROVIDER_ORIGINS`: https origins, no paths
   * or wildcards), added to the Content-Security-Policy's `frame-src`; the casino's provider
   * configuration adds its own to the same list (`app.frameSources`).
   */
  casinoProviderOrigins: string[];
  /** Whether the built-in sandbox gateway runs, whom it answers, and why (`SANDBOX_GATEWAY`). */
  sandboxGateway: SandboxGatewayChoice;
  /** The casino: the built-in test provider (`CASINO_TEST_PROVIDER`) and providers' secrets. */
  casino: CasinoSettings;
  /** The built-in games studio (`HOUSE_GAMES`) and its tables' rules (`config/house-games.json`). */
  houseGames: HouseGamesSettings;
}

/**
 * The built-in sandbox gateway's page credits a deposit at a click, so it must never be within
 * a live site's players' reach by accident: `everyone` only when `SANDBOX_GATEWAY=on` says so;
 * by default `this-machine` (requests from loopback only, as the development outbox: link
 * deposits work on the machine running `npm start`), and `off` where the deployment looks live
 * (`NODE_ENV=production`, a real gateway at `PAYMENT_GATEWAY_URL`, or an SMS provider through
 * which players anywhere can sign up).
 */
export interface SandboxGatewayChoice {
  reach: 'off' | 'this-machine' | 'everyone';
  /** Why, in the words of the start-up log line. */
  because: string;
}

/**
 * The payment gateway (`PAYMENT_GATEWAY_*`). Unset keys are generated once and kept in the
 * database, so a fresh install's built-in sandbox and its client agree without configuration.
 */
export interface PaymentGatewaySettings {
  /** The gateway's API base URL; null: the built-in sandbox, reached in-process. */
  url: string | null;
  keyId: string | null;
  keySecret: string | null;
  webhookSecret: string | null;
  /**
   * The public address of this server's gateway webhook, given to a gateway elsewhere; null:
   * the built-in sandbox posts to it in-process, and another gateway uses its own setting.
   */
  webhookUrl: string | null;
  /**
   * Whether this server runs the built-in sandbox gateway (`/sandbox-gateway`, `/pay`), for
   * this machine or for everyone (`ServerConfig.sandboxGateway` says which, and why).
   */
  sandbox: boolean;
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

export { ConfigError };

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function parseFeed(raw: string | undefined): ServerConfig['feed'] {
  if (raw === undefined || raw === '' || raw === 'simulator') return 'simulator';
  if (raw === 'off') return 'off';
  throw new ConfigError(`FEED must be "simulator" or "off", got "${raw}"`);
}

function optionalNumber(name: string, raw: string | undefined, min: number, max: number) {
  if (raw === undefined || raw === '') return null;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function optionalUrl(name: string, raw: string | undefined, protocols: string[]): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}//`);
  }
  return raw;
}

function optionalFlag(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new ConfigError(`${name} must be "true" or "false", got "${raw}"`);
}

/** `SANDBOX_GATEWAY` (`on`, `local` or `off`), or the default the deployment calls for. */
function loadSandboxGateway(env: NodeJS.ProcessEnv): SandboxGatewayChoice {
  const raw = env.SANDBOX_GATEWAY;
  if (raw === 'on') return { reach: 'everyone', because: 'SANDBOX_GATEWAY=on' };
  if (raw === 'local') return { reach: 'this-machine', because: 'SANDBOX_GATEWAY=local' };
  if (raw === 'off') return { reach: 'off', because: 'SANDBOX_GATEWAY=off' };
  if (raw !== undefined && raw !== '') {
    throw new ConfigError(`SANDBOX_GATEWAY must be "on", "local" or "off", got "${raw}"`);
  }
  if (env.NODE_ENV === 'production') return { reach: 'off', because: 'NODE_ENV=production' };
  if (env.PAYMENT_GATEWAY_URL?.trim())
    return { reach: 'off', because: 'PAYMENT_GATEWAY_URL is set' };
  if (env.SMS_PROVIDER_URL?.trim()) return { reach: 'off', because: 'SMS_PROVIDER_URL is set' };
  return { reach: 'this-machine', because: 'the default outside a live deployment' };
}

/** The start-up log line that says whether the sandbox gateway runs, for whom, and why. */
export function sandboxGatewayNotice(choice: SandboxGatewayChoice): {
  level: 'info' | 'warn';
  message: string;
} {
  switch (choice.reach) {
    case 'everyone':
      return {
        level: 'warn',
        message: `the built-in sandbox payment gateway answers everyone (${choice.because}): its page credits a deposit at a click, so never on a live site with real players`,
      };
    case 'this-machine':
      return {
        level: 'info',
        message: `the built-in sandbox payment gateway answers this machine only (${choice.because}), so link deposits work here; SANDBOX_GATEWAY=on lets other devices pay through it, never on a live site`,
      };
    case 'off':
      return {
        level: 'info',
        message: `the built-in sandbox payment gateway is off (${choice.because}); SANDBOX_GATEWAY=on or local turns it on`,
      };
  }
}

function loadPaymentGateway(env: NodeJS.ProcessEnv): PaymentGatewaySettings {
  return {
    url: optionalUrl('PAYMENT_GATEWAY_URL', env.PAYMENT_GATEWAY_URL, ['https:', 'http:']),
    keyId: env.PAYMENT_GATEWAY_KEY_ID || null,
    keySecret: env.PAYMENT_GATEWAY_KEY_SECRET || null,
    webhookSecret: env.PAYMENT_GATEWAY_WEBHOOK_SECRET || null,
    webhookUrl: optionalUrl('PAYMENT_WEBHOOK_URL', env.PAYMENT_WEBHOOK_URL, ['https:', 'http:']),
    sandbox: loadSandboxGateway(env).reach !== 'off',
  };
}

/**
 * A live deployment needs a way to send one-time codes: without one, sign-up codes would
 * reach only the server log, so production stops unless an operator says that is meant.
 */
function requireSmsProviderInProduction(env: NodeJS.ProcessEnv, smsProviderUrl: string | null) {
  const allowed = optionalFlag('ALLOW_NO_SMS_PROVIDER', env.ALLOW_NO_SMS_PROVIDER);
  if (env.NODE_ENV !== 'production' || smsProviderUrl || allowed) return;
  throw new ConfigError(
    'NODE_ENV=production needs SMS_PROVIDER_URL to send one-time codes; set ' +
      'ALLOW_NO_SMS_PROVIDER=true to start without one (codes then go only to the server log)',
  );
}

/** Reads the server's configuration from the environment, failing loudly on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const smsProviderUrl = optionalUrl('SMS_PROVIDER_URL', env.SMS_PROVIDER_URL, ['https:', 'http:']);
  requireSmsProviderInProduction(env, smsProviderUrl);
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: optionalUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']),
    redisUrl: optionalUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']),
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL || 'info',
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(REPO_ROOT, 'apps/web/dist')),
    adminDistDir: path.resolve(env.ADMIN_DIST_DIR || path.join(REPO_ROOT, 'apps/admin/dist')),
    domainsDir: path.resolve(env.DOMAINS_DIR || path.join(REPO_ROOT, 'config/domains')),
    tokenSecret: env.TOKEN_SECRET || null,
    smsProviderUrl,
    smsProviderToken: env.SMS_PROVIDER_TOKEN || null,
    payloadCodecKey: env.PAYLOAD_CODEC_KEY || null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    hsts: optionalFlag('HSTS', env.HSTS),
    feed: parseFeed(env.FEED),
    feedSeed: optionalNumber('FEED_SEED', env.FEED_SEED, 0, 2 ** 31 - 1),
    feedPace: optionalNumber('FEED_PACE', env.FEED_PACE, 1, 600) ?? 6,
    feedTimeScale: optionalNumber('FEED_TIME_SCALE', env.FEED_TIME_SCALE, 1, 3600) ?? 1,
    limits: loadLimitSettings(env),
    secondApproval: loadSecondApproval(env),
    paymentGateway: loadPaymentGateway(env),
    sandboxGateway: loadSandboxGateway(env),
    imageBucket: loadImageBucket(env),
    casinoProviderOrigins: parseFrameOrigins(
      'CASINO_PROVIDER_ORIGINS',
      env.CASINO_PROVIDER_ORIGINS,
    ),
    casino: loadCasinoSettings(env),
    houseGames: loadHouseGamesSettings(env),
  };
}

/** The second-approval rules: each variable in whole rupees, hours or percent. */
function loadSecondApproval(env: NodeJS.ProcessEnv): SecondApprovalRules {
  return {
    adjustmentAboveMinor:
      (optionalNumber('ADJUSTMENT_APPROVAL_ABOVE', env.ADJUSTMENT_APPROVAL_ABOVE, 0, 10_000_000) ??
        10_000) * 100,
    adjustmentWindowHours:
      optionalNumber(
        'ADJUSTMENT_APPROVAL_WINDOW_HOURS',
        env.ADJUSTMENT_APPROVAL_WINDOW_HOURS,
        1,
        24 * 90,
      ) ?? 24,
    depositToleranceMinor:
      (optionalNumber(
        'DEPOSIT_CORRECTION_TOLERANCE',
        env.DEPOSIT_CORRECTION_TOLERANCE,
        0,
        10_000_000,
      ) ?? 100) * 100,
    depositTolerancePercent:
      optionalNumber(
        'DEPOSIT_CORRECTION_TOLERANCE_PERCENT',
        env.DEPOSIT_CORRECTION_TOLERANCE_PERCENT,
        0,
        100,
      ) ?? 10,
  };
}

/** `S3_ENDPOINT` turns the bucket on; then its name, region and keys are required. */
function loadImageBucket(env: NodeJS.ProcessEnv): S3ImageStoreSettings | null {
  const endpoint = optionalUrl('S3_ENDPOINT', env.S3_ENDPOINT, ['https:', 'http:']);
  if (!endpoint) return null;
  const required = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new ConfigError(`${name} is required when S3_ENDPOINT is set`);
    return value;
  };
  const prefix = env.S3_PREFIX?.trim() ?? '';
  if (prefix && !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(prefix)) {
    throw new ConfigError('S3_PREFIX must be folder names ending in "/", such as "slips/"');
  }
  return {
    endpoint,
    bucket: required('S3_BUCKET'),
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    prefix,
  };
}
