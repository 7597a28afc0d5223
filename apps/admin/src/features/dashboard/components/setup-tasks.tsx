import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useCan } from '../../../shared/session/me-query';
import { Section } from '../../../shared/ui/page-header';

/** Brands named at once; an owner of a fresh install has every brand to set up, behind "more". */
const BRANDS_SHOWN = 6;

function BrandLinks({ brands, label }: { brands: string[]; label: string }) {
  return (
    <ul className="setup-task__brands" aria-label={label}>
      {brands.map((brand) => (
        <li key={brand}>
          <Link to={paths.paymentSettings.getHref(brand)}>Payment settings of {brand}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * What a new brand still needs before its players can fund their accounts, as tasks for an
 * operator who can do them: each brand with no active UPI id or bank account, linked to its
 * payment settings (players see manual deposits only once one is there).
 */
export function SetupTasks({
  brandsWithoutDepositMethods: brands,
}: {
  brandsWithoutDepositMethods: string[];
}) {
  const can = useCan();
  if (!can('payments.settings') || brands.length === 0) return null;
  const rest = brands.slice(BRANDS_SHOWN);
  return (
    <Section title="To do">
      <div className="setup-task">
        <p className="setup-task__title">Add a UPI id or bank account for players to pay into</p>
        <p className="muted">
          {brands.length === 1 ? 'This brand has' : `These ${brands.length} brands have`} no manual
          deposit method yet: players can deposit by UPI or bank transfer only once finance adds one
          in the brand’s payment settings.
        </p>
        <BrandLinks brands={brands.slice(0, BRANDS_SHOWN)} label="Brands without deposit methods" />
        {rest.length > 0 ? (
          <details className="setup-task__more">
            <summary>{rest.length === 1 ? '1 more brand' : `${rest.length} more brands`}</summary>
            <BrandLinks brands={rest} label="More brands without deposit methods" />
          </details>
        ) : null}
      </div>
    </Section>
  );
}
