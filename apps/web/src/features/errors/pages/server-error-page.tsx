import { paths } from '../../../shared/paths';
import { ButtonLink } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { houseIcon } from '../../../shared/icons/set/house-icon';

/** Shown when the site itself ran into a problem. */
export default function ServerErrorPage() {
  return (
    <Page
      className="status-page"
      lead="Something went wrong on our side. Please try again in a moment."
    >
      <p className="status-page__code" aria-hidden="true">
        500
      </p>
      <ButtonLink to={paths.home.path} size="lg" icon={houseIcon}>
        Back to home
      </ButtonLink>
    </Page>
  );
}
