import { Link, useSearchParams } from 'react-router';
import { brandsInScope } from '../../../shared/brands';
import { paths } from '../../../shared/paths';
import { useCan, useMe } from '../../../shared/session/me-query';
import { DataGrid } from '../../../shared/ui/data-grid';
import { SelectField } from '../../../shared/ui/fields';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCampaigns } from '../api/campaigns';
import { CAMPAIGN_COLUMNS } from '../components/campaign-columns';
import '../components/bonuses.css';

/**
 * `/admin/bonuses`: the bonus campaigns of one brand, or of every brand the operator covers,
 * newest first; each opens its figures and terms. An operator who may manage bonuses makes new
 * ones from here.
 */
export default function CampaignsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const brand = searchParams.get('brand') || null;
  const me = useMe();
  const can = useCan();
  const campaigns = useCampaigns(brand);
  const brands = brandsInScope(me.data);

  return (
    <>
      <PageHeader
        title="Bonus campaigns"
        subtitle="Every campaign keeps two rules: wagering at most 10× the bonus, and one product counted, betting or casino."
        actions={
          can('bonuses.manage') ? (
            <Link
              className="button button--primary button-link"
              to={paths.newBonusCampaign.getHref(brand ?? undefined)}
            >
              New campaign
            </Link>
          ) : undefined
        }
      />
      <div className="filters">
        <SelectField
          label="Brand"
          value={brand ?? ''}
          options={[
            { value: '', label: 'All brands' },
            ...brands.map((domain) => ({ value: domain, label: domain })),
          ]}
          onChange={(event) =>
            setSearchParams(event.target.value ? { brand: event.target.value } : {}, {
              replace: true,
            })
          }
        />
      </div>
      {campaigns.isPending ? (
        <Loading />
      ) : campaigns.isError ? (
        <ErrorNotice error={campaigns.error} onRetry={() => void campaigns.refetch()} />
      ) : (
        <DataGrid
          id="bonus-campaigns"
          label="Bonus campaigns"
          data={campaigns.data.items}
          columns={CAMPAIGN_COLUMNS}
          getRowId={(row) => row.id}
          rowHref={(row) => paths.bonusCampaign.getHref(row.id)}
          defaultHiddenColumns={['startsAt']}
          emptyText={brand ? `${brand} has no bonus campaign yet.` : 'No bonus campaign yet.'}
        />
      )}
    </>
  );
}
