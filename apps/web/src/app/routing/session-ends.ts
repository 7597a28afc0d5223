import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { domainSettingsQueryOptions } from '../../features/domain/settings/domain-settings-query';
import type { SettingsEnvironment } from '../../features/domain/settings/load-domain-settings';
import { i18n } from '../../shared/i18n/i18n';
import { paths } from '../../shared/paths';
import { onSessionEnd } from '../../shared/session/session-end';
import { toast } from '../../shared/toasts/toast-store';

type Router = ReturnType<typeof createBrowserRouter>;

/** Told once when the server ends a session the player still held (in English). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

const messages = i18n('app/session-ends', { ended: SESSION_ENDED_MESSAGE });

const isAuthPath = (pathname: string | undefined) =>
  pathname !== undefined && /^\/auth(?:\/|$)/i.test(pathname);

/**
 * What the application does when a session ends. A logout goes to the login page, unless
 * the player is already on, or on the way to, an auth page: the logout route forwards to
 * login itself, and the login page shows its form once the session is gone. A 401 goes to
 * the logout route (spec §4), with the same exception. Once the navigation has settled,
 * the query cache loses everything of the player (user data, open bets, casino games) but
 * the site's own settings; clearing it earlier would make the page being left fetch again,
 * answer 401 again and restart the navigation. Before the router exists (its first
 * navigation opened the logout route), nothing is shown yet and the cache is cleared at once.
 */
export function handleSessionEnds(
  routerOf: () => Router | null,
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
  const clearPlayerDataWhenSettled = (router: Router) => {
    if (router.state.navigation.state === 'idle') return clearPlayerData();
    const stop = router.subscribe((state) => {
      if (state.navigation.state !== 'idle') return;
      stop();
      clearPlayerData();
    });
  };

  return onSessionEnd(({ reason, hadSession }) => {
    const router = routerOf();
    if (reason === 'unauthorized' && hadSession) toast.info(messages.get().ended);
    if (!router) return clearPlayerData();

    const heading = router.state.navigation.location?.pathname ?? router.state.location.pathname;
    if (isAuthPath(heading)) return clearPlayerDataWhenSettled(router);
    const target = reason === 'logout' ? paths.auth.login.path : paths.auth.logout.path;
    void router.navigate(target, { replace: true }).then(clearPlayerData);
  });
}
