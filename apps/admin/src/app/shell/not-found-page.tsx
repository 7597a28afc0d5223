import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import '../../shared/ui/bare.css';

/** Any URL of the console that no page has. */
export function NotFoundPage() {
  return (
    <main className="bare">
      <div className="bare__card stack">
        <h1 className="bare__title">No such page</h1>
        <p className="muted">Nothing in the back office lives at this address.</p>
        <Link to={paths.home.path}>Go to the back office</Link>
      </div>
    </main>
  );
}
