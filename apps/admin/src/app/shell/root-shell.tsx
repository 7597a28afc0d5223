import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useRouteHandle } from '../../shared/routing/route-handle';

export const PRODUCT_TITLE = 'Backlay back office';

/** The root of every page: keeps the document title on the page's own. */
export function RootShell() {
  const handle = useRouteHandle();
  useEffect(() => {
    document.title = handle?.title ? `${handle.title} · ${PRODUCT_TITLE}` : PRODUCT_TITLE;
  }, [handle?.title]);
  return <Outlet />;
}
