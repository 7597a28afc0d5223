import type { createBrowserRouter } from 'react-router';
import { recordSuspension } from '../../features/domain/settings/load-domain-settings';
import { onSiteSuspended } from '../../shared/api/site-suspension';
import { paths } from '../../shared/paths';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * What the application does when a call is refused with SITE_SUSPENDED: what a settings
 * load failure does (spec §4 "Suspension"). The server's message is shown as an error
 * toast, the site is flagged suspended (so the guard keeps every page but maintenance
 * away) and the player goes to the maintenance page.
 */
export function handleSiteSuspension(router: Router): () => void {
  const maintenance = paths.underMaintenance.path;
  return onSiteSuspended((message) => {
    recordSuspension(message);
    const heading = router.state.navigation.location?.pathname ?? router.state.location.pathname;
    if (heading.toLowerCase() !== maintenance.toLowerCase()) {
      void router.navigate(maintenance, { replace: true });
    }
  });
}
