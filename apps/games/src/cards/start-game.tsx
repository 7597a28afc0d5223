/**
 * Starts a card table's play page: reads the launch URL, opens the studio's connection while
 * the words load, and draws the table in the player's language. Each game's `main.tsx` calls
 * this with its own view.
 */
import { createRoot } from 'react-dom/client';
import { readLaunch } from '../shared/launch';
import { Sound } from '../shared/sound';
import { CardClient, socketUrlFor } from './card-client';
import type { GameView } from './game-view';
import { laterWords, t, withGameWords, words } from './messages';
import { CardTableGame } from './table-game';

export async function startCardGame(game: GameView): Promise<void> {
  const launch = readLaunch(window.location.search);
  document.documentElement.lang = launch.language;

  const sound = new Sound();
  const client = new CardClient({
    url: socketUrlFor(window.location.href),
    token: launch.token,
    language: launch.language,
    cue: (cue) => sound.play(cue),
  });
  client.start();
  // A phone that slept or lost its signal connects again as soon as it is back.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') client.nudge();
  });
  window.addEventListener('online', () => client.nudge());

  // The words (the tables' and the game's own) load while the connection opens. If they never
  // arrive (after their retries), the page's own notice in both languages shows.
  await words
    .load(launch.language, withGameWords(game.words[launch.language]))
    .catch((error: unknown) => {
      document.getElementById('unreachable')?.removeAttribute('hidden');
      throw error;
    });
  document.title = t(`name.${game.code}`);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to render into.');
  createRoot(container).render(
    <CardTableGame game={game} client={client} sound={sound} returnUrl={launch.returnUrl} />,
  );
  // The rules and the refusals' sentences, once the table is on the screen. Should they never
  // come, refusals are said in the server's English and the rules ask for them again when opened.
  laterWords.load(launch.language).catch(() => undefined);
}
