import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatCount } from '../../../shared/format/money';
import { paths } from '../../../shared/paths';
import { useCan } from '../../../shared/session/me-query';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { PageHeader, Section } from '../../../shared/ui/page-header';
import { useCampaign } from '../api/campaign';
import { usePauseCampaign } from '../api/save-campaign';
import { CampaignFigures } from '../components/campaign-figures';
import { EditCampaignForm } from '../components/edit-campaign-form';
import { STATE_BADGES, TYPE_LABELS } from '../model/labels';
import '../components/bonuses.css';

/**
 * `/admin/bonuses/:campaignId`: a campaign's figures (claimed, wagered, converted, expired,
 * cost) and its terms, which an operator who may manage bonuses edits, pauses and resumes.
 */
export default function CampaignPage() {
  const { campaignId = '' } = useParams();
  const campaign = useCampaign(campaignId);
  const pause = usePauseCampaign();
  const canManage = useCan()('bonuses.manage');
  const [asking, setAsking] = useState(false);

  if (campaign.isPending) return <Loading />;
  if (campaign.isError) {
    return (
      <>
        <PageHeader title="Bonus campaign" />
        <ErrorNotice error={campaign.error} onRetry={() => void campaign.refetch()} />
      </>
    );
  }
  const loaded = campaign.data;
  const state = STATE_BADGES[loaded.state];
  const paused = loaded.status === 'PAUSED';

  return (
    <>
      <PageHeader
        title={loaded.title}
        subtitle={
          <>
            <Badge tone={state.tone}>{state.label}</Badge>
            <span>{loaded.brand}</span>
            <span>{TYPE_LABELS[loaded.type]}</span>
            <span>{loaded.claims === 1 ? '1 claim' : `${formatCount(loaded.claims)} claims`}</span>
            <Link to={paths.bonusCampaigns.getHref(loaded.brand)}>
              All of {loaded.brand}’s campaigns
            </Link>
          </>
        }
        actions={
          canManage ? (
            <Button variant={paused ? 'primary' : 'danger'} onClick={() => setAsking(true)}>
              {paused ? 'Resume campaign' : 'Pause campaign'}
            </Button>
          ) : undefined
        }
      />
      <CampaignFigures campaignId={loaded.id} />
      <Section title="Terms">
        {/* A pause makes a new version: the form starts again from it. */}
        <EditCampaignForm key={loaded.status} loaded={loaded} readOnly={!canManage} />
      </Section>
      {asking ? (
        <ConfirmDialog
          title={paused ? `Resume ${loaded.title}` : `Pause ${loaded.title}`}
          description={
            <p>
              {paused
                ? 'Players are offered it again and may claim it, within its dates.'
                : 'Players are no longer offered it and cannot claim it. Bonuses already claimed go on as they were.'}
            </p>
          }
          confirmLabel={paused ? 'Resume' : 'Pause'}
          tone={paused ? 'primary' : 'danger'}
          askReason={false}
          onConfirm={() =>
            pause.mutateAsync({ id: loaded.id, version: loaded.version, paused: !paused })
          }
          onClose={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
