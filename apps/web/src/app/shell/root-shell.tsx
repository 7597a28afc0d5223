import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useDomainDocument } from '../../features/domain/head/use-domain-document';
import { reloadDomainSettings } from '../../features/domain/settings/domain-settings-query';
import { paths } from '../../shared/paths';
import { useRouteTitle } from '../../shared/routing/route-titles';

/**
 * Everything above the layouts: the document head and theme follow the domain and the
 * route, and the settings reload whenever the tab becomes visible again (spec §4).
 */
export function RootShell() {
  // The document title follows the route and the player's language.
  useDomainDocument(useRouteTitle());

  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  // Subscribed in the commit that first shows the page, before anything can see it painted: a
  // passive effect runs later, and a tab made visible in between went unnoticed (once in a CI
  // run of app.test.tsx, under load).
  useLayoutEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState !== 'visible') return;
      void reloadDomainSettings(queryClient).then(({ suspended }) => {
        const onMaintenance =
          pathnameRef.current.toLowerCase() === paths.underMaintenance.path.toLowerCase();
        if (suspended && !onMaintenance) {
          void navigate(paths.underMaintenance.path, { replace: true });
        }
      });
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [queryClient, navigate]);

  return <Outlet />;
}
