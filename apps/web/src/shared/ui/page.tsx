import type { ReactNode } from 'react';
import { useRouteTitle } from '../routing/route-titles';
import './page.css';

export interface PageProps {
  /** The heading, when it says more than the route's title (e.g. the sport's name). */
  heading?: string;
  /** Shown under the heading. */
  lead?: ReactNode;
  /** Controls beside the heading. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A page of a layout: one `<h1>` with the route's title, then its content. */
export function Page({ heading, lead, actions, children, className }: PageProps) {
  const routeTitle = useRouteTitle();
  const title = heading ?? routeTitle ?? '';
  return (
    <article className={className ? `page ${className}` : 'page'}>
      <header className="page__header">
        <div>
          <h1 className="page__title">{title}</h1>
          {lead ? <p className="page__lead">{lead}</p> : null}
        </div>
        {actions ? <div className="page__actions">{actions}</div> : null}
      </header>
      {children}
    </article>
  );
}
