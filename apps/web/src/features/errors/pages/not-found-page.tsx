import { paths } from '../../../shared/paths';
import { ButtonLink } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { houseIcon } from '../../../shared/icons/set/house-icon';

/** Where unknown paths land (spec §2). */
export default function NotFoundPage() {
  return (
    <Page className="status-page" lead="The page you asked for does not exist or has moved.">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <ButtonLink to={paths.home.path} size="lg" icon={houseIcon}>
        Back to home
      </ButtonLink>
    </Page>
  );
}
