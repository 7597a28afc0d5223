import type { MarketRow } from '../api/markets';

type FancyLine = NonNullable<MarketRow['fancyLine']>;

/**
 * A fancy session's line as traders read it: the run values players take No and Yes at now
 * ("No 84 · Yes 85"), or, when the house quotes none, the values it has had ("Runs 84–86").
 */
export function fancyLineText(line: FancyLine): string {
  const quoted = [
    line.noRuns === null ? null : `No ${line.noRuns}`,
    line.yesRuns === null ? null : `Yes ${line.yesRuns}`,
  ].filter((part) => part !== null);
  if (quoted.length > 0) return quoted.join(' · ');
  return line.lowestRuns === line.highestRuns
    ? `Runs ${line.lowestRuns}`
    : `Runs ${line.lowestRuns}–${line.highestRuns}`;
}
