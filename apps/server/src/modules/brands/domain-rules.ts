/**
 * What a domain allows: which sports it shows (its published settings, spec §6) and its betting
 * rules — stake limits, liability limits, in-play bet delays, commission and whether cash out is
 * offered (server-side only).
 * Both come from the brand directory, which an operator's change refreshes without a restart.
 */
import { CASH_OUT_BY_DEFAULT } from '@backlay/contract/admin-brands';
import {
  SPORT_IDS,
  type MarketType,
  type SportFlags,
  type SportId,
  type SportKey,
} from '@backlay/contract/sports';
import { toMinorUnits } from '@backlay/exchange/money';
import { fileBrandDirectory, type BrandDirectory } from './brand-directory';

export type { SportFlags };

const NO_SPORTS: SportFlags = {
  football: false,
  tennis: false,
  cricket: false,
  kabaddi: false,
  horseRacing: false,
};

/**
 * The cricket markets the feed closes for every ball (BALL RUNNING): their own in-play delay
 * applies where the rules set one, else the sport's. Elsewhere nothing closes them so often.
 */
const BALL_BY_BALL_MARKETS: ReadonlySet<MarketType> = new Set(['BOOKMAKER', 'FANCY']);
const closesForEveryBall = (sportId: SportId, marketType: MarketType) =>
  sportId === SPORT_IDS.cricket && BALL_BY_BALL_MARKETS.has(marketType);

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
  /** Whether the brand is closed (`siteSuspended`), or has no settings at all. */
  siteSuspended(domain: string): boolean;
  limits(domain: string, sportId: SportId, marketType: MarketType): BetLimits;
  /** Whether the domain's betting rules offer cash out (on the market types that allow it). */
  cashOutEnabled(domain: string): boolean;
}

/** The rules of a brand directory; a folder path reads `config/domains` once (tests, tools). */
export function createDomainRules(source: BrandDirectory | string): DomainRules {
  const directory = typeof source === 'string' ? fileBrandDirectory(source) : source;
  return {
    sportFlags(domain) {
      const setting = directory.settings(domain)?.setting;
      if (!setting) return NO_SPORTS;
      const { football, tennis, cricket, kabaddi, horseRacing } = setting;
      return { football, tennis, cricket, kabaddi, horseRacing };
    },
    tvEnabled: (domain) => directory.settings(domain)?.tv.enabled ?? false,
    siteSuspended: (domain) => directory.settings(domain)?.setting.siteSuspended ?? true,
    limits(domain, sportId, marketType) {
      const { defaults, own } = directory.betting(domain);
      const sport = String(sportId) as keyof NonNullable<typeof own.sports>;
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
        betDelaySeconds:
          (closesForEveryBall(sportId, marketType)
            ? (own.ballRunningBetDelaySeconds ?? defaults.ballRunningBetDelaySeconds)
            : undefined) ??
          own.betDelaySeconds?.[sport] ??
          defaults.betDelaySeconds?.[sport] ??
          0,
      };
    },
    cashOutEnabled(domain) {
      const { defaults, own } = directory.betting(domain);
      return own.cashOut ?? defaults.cashOut ?? CASH_OUT_BY_DEFAULT;
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
