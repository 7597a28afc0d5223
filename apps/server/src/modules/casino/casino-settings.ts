/**
 * The casino's configuration from the environment: whether the built-in test provider runs
 * (`CASINO_TEST_PROVIDER`), and each provider's signing secret (`CASINO_<CODE>_SECRET`, the
 * code in capitals with `-` as `_`); a provider without one gets a secret generated once and
 * kept in the database.
 */
import { ConfigError } from '../../config-error';

export interface CasinoSettings {
  /**
   * Whether the built-in test provider serves its game pages (`/games/test/…`): on by default,
   * off by default in production, where its page moves real money at a click.
   */
  testProvider: boolean;
  /** Secrets given in the environment, by provider code. */
  secrets: Readonly<Record<string, string>>;
}

/** The shortest secret taken: 32 characters, as an HMAC-SHA256 key should be at least. */
export const MIN_SECRET_LENGTH = 32;
const SECRET_VARIABLE = /^CASINO_([A-Z][A-Z0-9_]{1,30})_SECRET$/;

/** The variable that holds a provider's secret. */
export function secretVariable(code: string): string {
  return `CASINO_${code.toUpperCase().replaceAll('-', '_')}_SECRET`;
}

/** Reads the casino's settings, failing loudly on bad values. */
export function loadCasinoSettings(env: NodeJS.ProcessEnv): CasinoSettings {
  const raw = env.CASINO_TEST_PROVIDER;
  let testProvider = env.NODE_ENV !== 'production';
  if (raw === 'on') testProvider = true;
  else if (raw === 'off') testProvider = false;
  else if (raw !== undefined && raw !== '') {
    throw new ConfigError(`CASINO_TEST_PROVIDER must be "on" or "off", got "${raw}"`);
  }
  const secrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const match = SECRET_VARIABLE.exec(name);
    if (!match?.[1] || !value) continue;
    if (value.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(`${name} must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    secrets[match[1].toLowerCase().replaceAll('_', '-')] = value;
  }
  return { testProvider, secrets };
}
