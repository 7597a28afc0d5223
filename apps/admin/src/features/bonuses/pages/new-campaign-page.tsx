import { useNavigate, useSearchParams } from 'react-router';
import { brandsInScope } from '../../../shared/brands';
import { paths } from '../../../shared/paths';
import { useMe } from '../../../shared/session/me-query';
import { Loading } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { NewCampaignForm } from '../components/new-campaign-form';
import '../components/bonuses.css';

/** `/admin/bonuses/new`: a new campaign; once made, its page opens. */
export default function NewCampaignPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const me = useMe();
  if (me.isPending) return <Loading />;
  const brands = brandsInScope(me.data);
  const asked = searchParams.get('brand');

  return (
    <>
      <PageHeader
        title="New bonus campaign"
        subtitle="Players read every term below before they claim. Wagering is at most 10× the bonus, on one product."
      />
      <NewCampaignForm
        brands={brands}
        initialBrand={asked !== null && brands.includes(asked) ? asked : null}
        onCreated={(campaign) => void navigate(paths.bonusCampaign.getHref(campaign.id))}
      />
    </>
  );
}
