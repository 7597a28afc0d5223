import { createRoot } from 'react-dom/client';
import { readLaunch } from '../shared/launch';
import { Sound } from '../shared/sound';
import { CrashClient, socketUrlFor } from './crash-client';
import { CrashGame } from './crash-game';
import { laterWords, t, words } from './messages';
import './crash.css';

const launch = readLaunch(window.location.search);
document.documentElement.lang = launch.language;

const sound = new Sound();
const client = new CrashClient({
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

// The words load while the connection opens: the first welcome is drawn in the player's language.
// If they never arrive (after their retries), the page's own notice in both languages shows.
await words.load(launch.language).catch((error: unknown) => {
  document.getElementById('unreachable')?.removeAttribute('hidden');
  throw error;
});
document.title = t('gameName');
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');
createRoot(container).render(
  <CrashGame client={client} sound={sound} returnUrl={launch.returnUrl} />,
);
// The rules and the refusals' translations, once the game is on the screen. Should they never
// come, refusals are said in the server's English and the rules ask for them again when opened.
laterWords.load(launch.language).catch(() => undefined);
