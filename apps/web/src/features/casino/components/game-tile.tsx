import type { CasinoGame } from '@backlay/contract/casino';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { starIcon } from '../../../shared/icons/set/star-icon';
import { providerName } from '../model/lobby-sections';

const messages = i18n('casino/game-tile', {
  play: params('Play {name}'),
  favourite: params('Favourite: {name}'),
});

/**
 * One game: its thumbnail from the catalogue, name and provider, a tap opens it; the star
 * beside keeps it among the player's favourites (a switch, so its state is read out).
 */
export function GameTile({
  game,
  favourite,
  onPlay,
  onFavourite,
}: {
  game: CasinoGame;
  favourite: boolean;
  onPlay: (game: CasinoGame) => void;
  onFavourite: (gameCode: string) => void;
}) {
  const t = useMessages(messages);
  return (
    <li className="game-tile" data-game-code={game.gameCode}>
      <button
        type="button"
        className="game-tile__play"
        aria-label={t.play({ name: game.name })}
        onClick={() => onPlay(game)}
      >
        <span className="game-tile__art">
          <img src={game.image} alt="" loading="lazy" decoding="async" width={320} height={240} />
        </span>
        <span className="game-tile__name">{game.name}</span>
      </button>
      {/* Beside the button, so the button's name says what it does and reads as it shows. */}
      <span className="game-tile__provider">{providerName(game.provider)}</span>
      <button
        type="button"
        className={favourite ? 'game-tile__star game-tile__star--on' : 'game-tile__star'}
        aria-pressed={favourite}
        aria-label={t.favourite({ name: game.name })}
        onClick={() => onFavourite(game.gameCode)}
      >
        <Icon icon={starIcon} />
      </button>
    </li>
  );
}
