import type { CasinoGame } from '@backlay/contract/casino';
import { GameTile } from './game-tile';

/**
 * Games as tiles: a row that scrolls sideways (the lobby's rows) or a grid that wraps (a
 * section, search results). A list, so a screen reader says how many games it holds.
 */
export function GameList({
  games,
  layout,
  label,
  favourites,
  onPlay,
  onFavourite,
}: {
  games: readonly CasinoGame[];
  layout: 'row' | 'grid';
  /** What the list holds, e.g. "Crash games". */
  label: string;
  favourites: readonly string[];
  onPlay: (game: CasinoGame) => void;
  onFavourite: (gameCode: string) => void;
}) {
  return (
    <ul className={`game-list game-list--${layout}`} aria-label={label}>
      {games.map((game) => (
        <GameTile
          key={game.gameCode}
          game={game}
          favourite={favourites.includes(game.gameCode)}
          onPlay={onPlay}
          onFavourite={onFavourite}
        />
      ))}
    </ul>
  );
}
