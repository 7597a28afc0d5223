import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorText } from '../../shared/api/admin-api-error';
import { Button } from '../../shared/ui/button';
import { Notice } from '../../shared/ui/notice';
import '../../shared/ui/bare.css';

/** What the console shows when a page could not be opened at all (its chunk or its operator). */
export function RootErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : errorText(error);
  return (
    <main className="bare">
      <div className="bare__card stack">
        <h1 className="bare__title">The page could not be opened</h1>
        <Notice tone="error">
          <p>{message}</p>
        </Notice>
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    </main>
  );
}
