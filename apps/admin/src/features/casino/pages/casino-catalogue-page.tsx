import { useSearchParams } from 'react-router';
import { brandsInScope } from '../../../shared/brands';
import { useMe } from '../../../shared/session/me-query';
import { SelectField } from '../../../shared/ui/fields';
import { ErrorNotice, Loading, Notice } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCasinoCatalogue } from '../api/casino-catalogue';
import { CatalogueForm } from '../components/catalogue-form';
import '../components/casino.css';

/**
 * `/admin/casino/catalogue`: one brand's casino, its switch and which games its lobby offers
 * in which order, the brand chosen in the URL (the first the operator covers when none is).
 */
export default function CasinoCataloguePage() {
  const [search, setSearch] = useSearchParams();
  const { data: me } = useMe();
  const brands = brandsInScope(me);
  const brand = search.get('brand') ?? brands[0] ?? '';
  const catalogue = useCasinoCatalogue(brand);
  const options = (brands.includes(brand) || brand === '' ? brands : [brand, ...brands]).map(
    (domain) => ({ value: domain, label: domain }),
  );

  return (
    <>
      <PageHeader
        title="Casino catalogue"
        subtitle="Which games each brand’s lobby offers, and in which order."
      />
      <form
        className="filters"
        aria-label="Choose a brand"
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          label="Brand"
          value={brand}
          options={options}
          onChange={(event) => setSearch({ brand: event.target.value }, { replace: true })}
        />
      </form>
      {brand === '' ? (
        <Notice tone="info">
          <p>There is no brand to set up yet.</p>
        </Notice>
      ) : catalogue.isPending ? (
        <Loading />
      ) : catalogue.isError ? (
        <ErrorNotice error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      ) : (
        <CatalogueForm key={brand} loaded={catalogue.data} />
      )}
    </>
  );
}
