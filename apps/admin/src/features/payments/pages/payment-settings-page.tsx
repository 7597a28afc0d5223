import { useSearchParams } from 'react-router';
import { brandsInScope } from '../../../shared/brands';
import { useMe } from '../../../shared/session/me-query';
import { SelectField } from '../../../shared/ui/fields';
import { ErrorNotice, Loading, Notice } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePaymentSettings } from '../api/payment-settings';
import { PaymentSettingsForm } from '../components/payment-settings-form';

/**
 * `/admin/payments/settings`: one brand's payment methods, deposit channels and limits, the
 * brand chosen in the URL (the first the operator covers when none is).
 */
export default function PaymentSettingsPage() {
  const [search, setSearch] = useSearchParams();
  const { data: me } = useMe();
  const brands = brandsInScope(me);
  const brand = search.get('brand') ?? brands[0] ?? '';
  const settings = usePaymentSettings(brand);
  const options = (brands.includes(brand) || brand === '' ? brands : [brand, ...brands]).map(
    (domain) => ({ value: domain, label: domain }),
  );

  return (
    <>
      <PageHeader
        title="Payment settings"
        subtitle="Where each brand’s players pay in, the ways they may pay, and how much."
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
      ) : settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorNotice error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <PaymentSettingsForm key={brand} loaded={settings.data} />
      )}
    </>
  );
}
