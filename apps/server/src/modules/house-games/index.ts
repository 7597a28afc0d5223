/**
 * The house-games module's entry: Backlay's built-in games studio, a casino provider like any
 * outside one. It serves its games' pages under `/games/<provider>/…` (the casino's launch sends
 * players there), runs the provably fair crash game `sbe_aviator` on its own WebSocket
 * (protocol: the contract's `house-games.ts`; fairness: `crash-fairness.ts`) and the card tables
 * Teen Patti, Andar Bahar, Dragon Tiger and Lucky 7 on theirs (protocol: `card-games.ts`; shuffle:
 * `card-fairness.ts`; code in `cards/`), keeps its own round log (seeds, hashes and results,
 * every bet), and moves money only through Backlay's signed wallet callbacks with the
 * provider's secret, as an outside studio would.
 */
export {
  houseGamesPlugin,
  type HouseGamesHandle,
  type HouseGamesPluginOptions,
} from './house-games-plugin';
export {
  loadHouseGamesSettings,
  type CrashTableSettings,
  type HouseGamesSettings,
} from './house-games-settings';
export type { CardTablesSettings, CardTableSettings } from './cards/card-settings';
