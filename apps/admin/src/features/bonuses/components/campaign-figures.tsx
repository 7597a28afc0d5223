import type { CampaignFigures as Figures } from '@backlay/contract/admin-bonuses';
import { formatCount } from '../../../shared/format/money';
import { Money } from '../../../shared/ui/money';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { StatTile, StatTiles } from '../../../shared/ui/stat-tiles';
import { useCampaignFigures } from '../api/campaign-figures';

const bonuses = (count: number) => (count === 1 ? '1 bonus' : `${formatCount(count)} bonuses`);

function Tiles({ figures }: { figures: Figures }) {
  return (
    <StatTiles title="Figures, every bonus of the campaign">
      <StatTile
        label="Claimed"
        value={<Money value={figures.claimed.amount} />}
        hint={bonuses(figures.claimed.count)}
      />
      <StatTile
        label="Being wagered"
        value={<Money value={figures.active.amount} />}
        hint={bonuses(figures.active.count)}
      />
      <StatTile label="Wagered" value={<Money value={figures.wagered} />} hint="Stakes counted" />
      <StatTile
        label="Converted"
        value={<Money value={figures.converted.amount} />}
        hint={`${bonuses(figures.converted.count)} became cash`}
      />
      <StatTile
        label="Expired"
        value={<Money value={figures.expired.amount} />}
        hint={`${bonuses(figures.expired.count)}, back to the brand`}
      />
      <StatTile
        label="Forfeited"
        value={<Money value={figures.forfeited.amount} />}
        hint={bonuses(figures.forfeited.count)}
      />
      <StatTile
        label="Offered, not claimed"
        value={<Money value={figures.offered.amount} />}
        hint={bonuses(figures.offered.count)}
      />
      <StatTile
        label="Cost"
        value={<Money value={figures.cost} />}
        hint="Cash its bonuses became"
      />
    </StatTiles>
  );
}

/** A campaign's figures: claimed, being wagered, wagered, converted, expired and its cost. */
export function CampaignFigures({ campaignId }: { campaignId: string }) {
  const figures = useCampaignFigures(campaignId);
  if (figures.isPending) return <Loading label="Loading the figures…" />;
  if (figures.isError) {
    return <ErrorNotice error={figures.error} onRetry={() => void figures.refetch()} />;
  }
  return <Tiles figures={figures.data} />;
}
