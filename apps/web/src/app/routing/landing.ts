import { paths } from '../../shared/paths';

/** The landing sport when none other applies: cricket (spec §9: /matchlist/3). */
export const DEFAULT_SPORT_ID = 3;

export interface LandingInput {
  hasAccessToken: boolean;
  /** The domain of the stored domain setting, or null when none is stored. */
  storedSettingDomain: string | null;
  /** Whether a domain is casino-only (the registry's flag). */
  isCasinoOnlyDomain: (domain: string) => boolean;
  /** Whether the hostname is a special one whose landing is `/index`. */
  indexLandingHost: boolean;
  /** Requests the crash game's launch URL. */
  launchCrashGame: () => Promise<string>;
  /** Stores the lobby URL (`lotus_url`). */
  storeLobbyUrl: (url: string) => void;
}

/**
 * Where the main layout's default child sends a visitor (spec §2): a logged-in player on a
 * casino-only domain goes straight into the crash game in the lobby; if that request
 * fails, the failure is swallowed and the player lands among the casino's games, as a brand
 * without sports has no match list to show. Everyone else gets the usual landing: `/index` on
 * special hostnames, else the cricket match list.
 */
export async function resolveLanding(input: LandingInput): Promise<string> {
  if (
    input.hasAccessToken &&
    input.storedSettingDomain !== null &&
    input.isCasinoOnlyDomain(input.storedSettingDomain)
  ) {
    try {
      const url = await input.launchCrashGame();
      input.storeLobbyUrl(url);
      return paths.lobby.path;
    } catch {
      // Swallowed, as the spec asks; the casino's own page lists the games that do open.
      return paths.casino.path;
    }
  }
  if (input.indexLandingHost) return paths.index.path;
  return paths.matchlist.getHref(DEFAULT_SPORT_ID);
}
