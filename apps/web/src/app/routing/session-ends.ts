import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { domainSettingsQueryOptions } from '../../features/domain/settings/domain-settings-query';
import type { SettingsEnvironment } from '../../features/domain/settings/load-domain-settings';
import { paths } from '../../shared/paths';
import { onSessionEnd } from '../../shared/session/session-end';
import { toast } from '../../shared/toasts/toast-store';

type Router = ReturnType<typeof createBrowserRouter>;

/** Told once when the server ends a session the player still held. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

const isAuthPath = (pathname: string | undefined) =>
  pathname !== undefined && /^\/auth(?:\/|$)/i.test(pathname);

/**
 * What the application does when a session ends. A logout goes to the login page; a 401
 * goes to the logout route (spec §4), unless the player is already on, or on the way to,
 * an auth page. Once there, the query cache loses everything of the player (user data,
 * open bets, casino games) but the site's own settings; clearing it earlier would make
 * the page being left fetch again, answer 401 again and restart the navigation.
 */
export function handleSessionEnds(
  router: Router,
  queryClient: QueryClient,
  settingsEnv?: SettingsEnvironment,
): () => void {
  const settingsKey = domainSettingsQueryOptions(settingsEnv).queryKey;
  const isPlayerQuery = (key: readonly unknown[]) =>
    key[0] !== settingsKey[0] && key[0] !== 'default-domain-settings';
  const clearPlayerData = () => {
    void queryClient.cancelQueries({ predicate: (q) => isPlayerQuery(q.queryKey) });
    queryClient.removeQueries({ predicate: (q) => isPlayerQuery(q.queryKey) });
  };

  return onSessionEnd(({ reason, hadSession }) => {
    if (reason === 'logout') {
      void router.navigate(paths.auth.login.path, { replace: true }).then(clearPlayerData);
      return;
    }

    if (hadSession) toast.info(SESSION_ENDED_MESSAGE);
    const heading = router.state.navigation.location?.pathname ?? router.state.location.pathname;
    if (isAuthPath(heading)) {
      if (router.state.navigation.state === 'idle') clearPlayerData();
      return;
    }
    void router.navigate(paths.auth.logout.path, { replace: true }).then(clearPlayerData);
  });
}
