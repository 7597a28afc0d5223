import { CASINO_LAUNCH_REFUSALS } from '@backlay/contract/casino';
import { useStore } from '@nanostores/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage, RequestError } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { currentLocale, type Locale } from '../../../shared/i18n/locale';
import { arrowLeftIcon } from '../../../shared/icons/set/arrow-left-icon';
import { expandIcon } from '../../../shared/icons/set/expand-icon';
import { rotateIcon } from '../../../shared/icons/set/rotate-icon';
import { paths } from '../../../shared/paths';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { useStoredText } from '../../../shared/storage/use-stored-text';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { StateMessage } from '../../../shared/ui/state-message';
import { storeLobbyUrl } from '../api/launch-crash-game';
import { fetchDreamLobbyUrl, launchGame } from '../api/launch-game';
import { rememberRecentGame } from '../hooks/use-game-lists';
import {
  frameSource,
  readLobbyState,
  type LobbyRequest,
  type LobbyState,
} from '../model/lobby-state';
import './lobby-page.css';

const messages = i18n('casino/lobby-page', {
  frame: 'Casino game',
  dreamLobby: 'Dream lobby',
  opening: params('Opening {name}…'),
  failed: params('{name} could not be opened.'),
  thisGame: 'The game',
  retry: 'Try again',
  backToCasino: 'Back to the casino',
  fullScreen: 'Full screen',
  noGame: 'No game is open. Choose one in the casino.',
  unsafe: 'This game’s address cannot be shown here.',
});

/** The launch refusals the server names (`error.details`), in the player's language. */
const refusals = i18n('casino/launch-refusals', { ...CASINO_LAUNCH_REFUSALS });
type RefusalKey = keyof typeof CASINO_LAUNCH_REFUSALS;

/** Why a launch failed, in the player's language when the server named a known refusal. */
function useFailureReason(error: unknown): string {
  const r = useMessages(refusals);
  if (error instanceof RequestError && error.details && Object.hasOwn(r, error.details)) {
    return r[error.details as RefusalKey];
  }
  return errorMessage(error);
}

function launchUrlOf(open: LobbyRequest, from: string, language: Locale): Promise<string> {
  return open.kind === 'game'
    ? launchGame(open.game, { language, returnUrl: from })
    : fetchDreamLobbyUrl({ language });
}

/**
 * The casino lobby's game frame (`/lobby`, the casino layout). Asked to open a game, it
 * launches it at the game's provider, stores the game URL as `lotus_url` (spec §2) and frames
 * it; a failed launch says why and offers to try again or go back. Opened without such a
 * request (the casino-only brands' landing, a reload), it frames the stored URL.
 */
export default function LobbyPage() {
  const t = useMessages(messages);
  const location = useLocation();
  const navigate = useNavigate();
  const language = useStore(currentLocale);
  const lobbyUrl = useStoredText(STORAGE_KEYS.lobbyUrl);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const state = readLobbyState(location.state);
  const launch = useMutation({
    mutationFn: (request: { open: LobbyRequest; from: string }) =>
      launchUrlOf(request.open, request.from, language),
  });
  const { mutate } = launch;

  const start = (pending: LobbyState) =>
    mutate(
      { open: pending.open, from: pending.from },
      {
        // Only while the page is still shown: a player who left meanwhile stays where they went.
        onSuccess: (url) => {
          storeLobbyUrl(url);
          if (pending.open.kind === 'game') rememberRecentGame(pending.open.game.gameCode);
          // The same entry, now launched: a reload or a return frames the game, not a new launch.
          const launched: LobbyState = { ...pending, launched: true };
          void navigate(location.pathname, { replace: true, state: launched });
        },
      },
    );

  // One launch per navigation that asks for one (Strict Mode runs effects twice).
  const launchedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!state || state.launched || launchedFor.current === location.key) return;
    launchedFor.current = location.key;
    start(state);
  });

  const name =
    state?.open.kind === 'game'
      ? state.open.game.name
      : state?.open.kind === 'dream-lobby'
        ? t.dreamLobby
        : null;
  const back = state?.from ?? paths.casino.path;
  const reason = useFailureReason(launch.error);
  const backLink = (
    <ButtonLink to={back} variant="outline" size="sm" icon={arrowLeftIcon}>
      {t.backToCasino}
    </ButtonLink>
  );

  if (state && !state.launched) {
    return (
      <Page className="lobby-page" heading={name ?? undefined}>
        {launch.isError ? (
          <StateMessage
            kind="error"
            action={
              <div className="lobby-page__actions">
                <Button size="sm" icon={rotateIcon} onClick={() => start(state)}>
                  {t.retry}
                </Button>
                {backLink}
              </div>
            }
          >
            {t.failed({ name: name ?? t.thisGame })} {reason}
          </StateMessage>
        ) : (
          <StateMessage kind="loading">{t.opening({ name: name ?? t.frame })}</StateMessage>
        )}
      </Page>
    );
  }

  const src = frameSource(lobbyUrl, window.location.origin);
  if (!src) {
    return (
      <Page className="lobby-page">
        <StateMessage kind={lobbyUrl ? 'error' : 'empty'} action={backLink}>
          {lobbyUrl ? t.unsafe : t.noGame}
        </StateMessage>
      </Page>
    );
  }
  const canFullScreen = typeof document !== 'undefined' && document.fullscreenEnabled;
  return (
    <Page
      className="lobby-page lobby-page--playing"
      heading={name ?? undefined}
      actions={
        canFullScreen ? (
          <Button
            variant="ghost"
            size="sm"
            icon={expandIcon}
            // A refused full screen (the browser's choice) leaves the game as it was, in the page.
            onClick={() => void frameRef.current?.requestFullscreen().catch(() => undefined)}
          >
            {t.fullScreen}
          </Button>
        ) : null
      }
    >
      <iframe
        ref={frameRef}
        className="lobby-page__frame"
        src={src}
        title={name ?? t.frame}
        allow="autoplay; fullscreen"
        allowFullScreen
        data-testid="game-frame"
      />
    </Page>
  );
}
