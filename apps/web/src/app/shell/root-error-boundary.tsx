import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Icon } from '../../shared/icons/icon';
import { Button } from '../../shared/ui/button';
import { circleExclamationIcon } from '../../shared/icons/set/circle-exclamation-icon';
import { rotateIcon } from '../../shared/icons/set/rotate-icon';
import '../../shared/ui/page.css';
import '../layouts/full-page-layout.css';

/** Shown when a page fails to load or render, e.g. after a deployment replaced its chunk. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'The page could not be shown.';
  return (
    <div className="full-page">
      <article className="page status-page">
        <header className="page__header">
          <div>
            <h1 className="page__title">Something went wrong</h1>
            <p className="page__lead">{detail} Reloading usually fixes it.</p>
          </div>
        </header>
        <div className="status-page__art" aria-hidden="true">
          <Icon icon={circleExclamationIcon} />
        </div>
        <Button size="lg" icon={rotateIcon} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </article>
    </div>
  );
}
