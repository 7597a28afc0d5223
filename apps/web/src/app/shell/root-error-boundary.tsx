import { isRouteErrorResponse, useRouteError } from 'react-router';
import { i18n, params, useMessages } from '../../shared/i18n/i18n';
import { Icon } from '../../shared/icons/icon';
import { Button } from '../../shared/ui/button';
import { circleExclamationIcon } from '../../shared/icons/set/circle-exclamation-icon';
import { rotateIcon } from '../../shared/icons/set/rotate-icon';
import '../../shared/ui/page.css';
import '../layouts/full-page-layout.css';

const messages = i18n('app/root-error', {
  title: 'Something went wrong',
  notShown: 'The page could not be shown.',
  lead: params('{detail} Reloading usually fixes it.'),
  reload: 'Reload',
});

/** Shown when a page fails to load or render, e.g. after a deployment replaced its chunk. */
export function RootErrorBoundary() {
  const t = useMessages(messages);
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : t.notShown;
  return (
    <div className="full-page">
      <article className="page status-page">
        <header className="page__header">
          <div>
            <h1 className="page__title">{t.title}</h1>
            <p className="page__lead">{t.lead({ detail })}</p>
          </div>
        </header>
        <div className="status-page__art" aria-hidden="true">
          <Icon icon={circleExclamationIcon} />
        </div>
        <Button size="lg" icon={rotateIcon} onClick={() => window.location.reload()}>
          {t.reload}
        </Button>
      </article>
    </div>
  );
}
