/**
 * What a domain allows: which sports it shows (its published settings file, spec §6) and its
 * betting rules — stake limits, liability limits, in-play bet delays and commission
 * (`config/domains/betting.json`, server-side only). Both are read from disk and cached for a
 * short while, so an operator's edit takes effect without a restart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { domainSettingsResponseSchema, SETTINGS_DIR } from '@backlay/contract/domain-settings';
import { isSafeSettingsName } from '@backlay/domains/registry';
import {
  SPORT_IDS,
  type MarketType,
  type SportFlags,
  type SportId,
  type SportKey,
} from '@backlay/contract/sports';
import { toMinorUnits } from '@backlay/exchange/money';

export type { SportFlags };

const CACHE_MS = 10_000;
const NO_SPORTS: SportFlags = {
  football: false,
  tennis: false,
  cricket: false,
  kabaddi: false,
  horseRacing: false,
};

/** What a domain without a settings file gets: nothing shown, the site closed. */
const UNPUBLISHED = { sports: NO_SPORTS, tv: false, suspended: true };

const limitSchema = z.object({
  minStake: z.number().positive(),
  maxStake: z.number().positive(),
  maxLiability: z.number().positive(),
});
const rulesSchema = z.object({
  commissionPercent: z.number().min(0).max(100).optional(),
  all: limitSchema.optional(),
  sports: z.record(z.string(), limitSchema).optional(),
  fancy: limitSchema.optional(),
  betDelaySeconds: z.record(z.string(), z.number().int().min(0).max(30)).optional(),
});
const bettingFileSchema = z.object({
  defaults: rulesSchema.required({ commissionPercent: true, all: true }),
  domains: z.record(z.string(), rulesSchema),
});
type BettingFile = z.infer<typeof bettingFileSchema>;

/** One market's limits for one domain, in minor units. */
export interface BetLimits {
  minStakeMinor: number;
  maxStakeMinor: number;
  maxLiabilityMinor: number;
  /** Commission on net market winnings, in basis points. */
  commissionBasisPoints: number;
  betDelaySeconds: number;
}

export interface DomainRules {
  /** The sports a domain's settings switch on (all off when it publishes no settings). */
  sportFlags(domain: string): SportFlags;
  /** Whether the domain's settings switch live TV on. */
  tvEnabled(domain: string): boolean;
  /**
   * Whether the brand is closed (`siteSuspended`): also when its settings file is missing or
   * broken, as the client then shows the maintenance page too.
   */
  siteSuspended(domain: string): boolean;
  limits(domain: string, sportId: SportId, marketType: MarketType): BetLimits;
}

/** Reads a JSON file through a short-lived cache; `parse` throws on a malformed file. */
function cachedReader<T>(parse: (raw: unknown) => T, fallback: T) {
  const cache = new Map<string, { value: T; readAt: number }>();
  return (file: string): T => {
    const hit = cache.get(file);
    const now = Date.now();
    if (hit && now - hit.readAt < CACHE_MS) return hit.value;
    let value = fallback;
    try {
      value = parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    cache.set(file, { value, readAt: now });
    return value;
  };
}

export function createDomainRules(domainsDir: string): DomainRules {
  const readSettings = cachedReader((raw) => {
    const { setting, tv } = domainSettingsResponseSchema.parse(raw);
    const sports: SportFlags = {
      football: setting.football,
      tennis: setting.tennis,
      cricket: setting.cricket,
      kabaddi: setting.kabaddi,
      horseRacing: setting.horseRacing,
    };
    return { sports, tv: tv.enabled, suspended: setting.siteSuspended };
  }, UNPUBLISHED);
  const settingsOf = (domain: string) =>
    isSafeSettingsName(domain)
      ? readSettings(path.join(domainsDir, SETTINGS_DIR, `${domain}.json`))
      : UNPUBLISHED;
  const readBetting = cachedReader<BettingFile | null>((raw) => bettingFileSchema.parse(raw), null);
  const bettingFile = path.join(domainsDir, 'betting.json');

  return {
    sportFlags: (domain) => settingsOf(domain).sports,
    tvEnabled: (domain) => settingsOf(domain).tv,
    siteSuspended(domain) {
      try {
        return settingsOf(domain).suspended;
      } catch {
        return true;
      }
    },
    limits(domain, sportId, marketType) {
      const file = readBetting(bettingFile);
      if (!file) throw new Error(`the betting rules file ${bettingFile} is missing`);
      const defaults = file.defaults;
      const own = file.domains[domain] ?? {};
      const sport = String(sportId);
      const limit =
        (marketType === 'FANCY' ? (own.fancy ?? defaults.fancy) : undefined) ??
        own.sports?.[sport] ??
        own.all ??
        defaults.sports?.[sport] ??
        defaults.all;
      return {
        minStakeMinor: toMinorUnits(limit.minStake),
        maxStakeMinor: toMinorUnits(limit.maxStake),
        maxLiabilityMinor: toMinorUnits(limit.maxLiability),
        commissionBasisPoints: Math.round(
          (own.commissionPercent ?? defaults.commissionPercent) * 100,
        ),
        betDelaySeconds: own.betDelaySeconds?.[sport] ?? defaults.betDelaySeconds?.[sport] ?? 0,
      };
    },
  };
}

/** The flag name of a sport id. */
export function sportKeyOf(sportId: SportId): SportKey {
  const entry = Object.entries(SPORT_IDS).find(([, id]) => id === sportId);
  if (!entry) throw new Error(`unknown sport id ${sportId}`);
  return entry[0] as SportKey;
}

/**
 * Whether a visitor may see a sport (spec §6): guests by the domain's switch alone, players by
 * both theirs and the domain's; horse racing only where the domain enables it (its switch).
 */
export function maySeeSport(
  domainFlags: SportFlags,
  playerFlags: SportFlags | null,
  sportId: SportId,
): boolean {
  const key = sportKeyOf(sportId);
  return domainFlags[key] && (playerFlags === null || playerFlags[key]);
}
