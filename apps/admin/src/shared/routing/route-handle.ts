import { useMatches } from 'react-router';

/** What every route of the route table carries in its `handle`. */
export interface RouteHandle {
  /** The route's name in the route table. */
  name: string;
  /** The page heading and the first half of the document title. */
  title: string;
}

/** Whether a route handle has the shape the route table gives it. */
export function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { title?: unknown }).title === 'string' &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}
