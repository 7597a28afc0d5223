/**
 * The casino module's entry: the operator side of casino providers. Providers are configured
 * (rows seeded from `config/domains/casino-games.json`, secrets from the environment or kept in
 * the database); players launch games through the spec's three launch calls and get a URL with
 * a player token; the providers' servers call the signed, idempotent seamless-wallet API
 * (`/casino-wallet/<provider>/…`: balance, debit, credit, rollback), whose money moves only
 * through the wallet's door as `casino_bet`, `casino_win` and `casino_refund`; the catalogue
 * answers the game lists and the lobby per brand. The built-in test provider stands in for a
 * provider in tests and on a fresh install.
 */
// The plugin the app registers, and its settings from the environment.
export { casinoPlugin, type CasinoPluginOptions } from './casino-plugin';
export { loadCasinoSettings, secretVariable, type CasinoSettings } from './casino-settings';

// Providers: the directory each instance holds, an owner's change, and the origins the pages'
// Content-Security-Policy must allow frames from.
export {
  updateProvider,
  type Provider,
  type ProviderChange,
  type ProviderDirectory,
} from './providers';

/** The other origins enabled providers' games are framed from (none while all are same-origin). */
export function casinoFrameOrigins(providers: {
  frameOrigins(): readonly string[];
}): readonly string[] {
  return providers.frameOrigins();
}

// The catalogue per brand, and a player's switch, as the back office reads and changes them.
export {
  catalogueView,
  playerCasinoEnabled,
  setPlayerCasinoSwitch,
  updateCatalogue,
  type CatalogueChangeOutcome,
} from './catalogue';

// Figures, the round lookup and a player's casino summary, for the back office.
export { casinoFigures, playerCasinoSummary, roundDetail, searchRounds } from './casino-figures';

// A player's rounds closed with a result since a cursor (what casino bonuses count).
export { casinoResultsBetween, closedRoundsAfter, type ClosedRound } from './closed-rounds';

// The game names the statement shows beside casino movements.
export { casinoGameNames } from './player-history';

// The callback API's signature, as a provider computes it.
export { signBody } from './callback-routes';

// The built-in test provider (its pages and its signed client).
export {
  testProviderClient,
  TEST_PROVIDER_PREFIX,
  TEST_STAKE_MINOR,
  TEST_WIN_MINOR,
  type ProviderFetch,
} from './test-provider';
