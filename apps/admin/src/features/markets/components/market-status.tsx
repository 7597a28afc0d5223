import type { MarketRow } from '../api/markets';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';

const STATUS_TONES: Record<MarketRow['status'], BadgeTone> = {
  OPEN: 'good',
  SUSPENDED: 'warning',
  CLOSED: 'neutral',
  SETTLED: 'info',
};

/** A market's status as a badge, with "In play" beside it while it is. */
export function MarketStatus({ market }: { market: Pick<MarketRow, 'status' | 'inPlay'> }) {
  return (
    <span className="flags">
      <Badge tone={STATUS_TONES[market.status]}>{market.status.toLowerCase()}</Badge>
      {market.inPlay ? <Badge tone="bad">In play</Badge> : null}
    </span>
  );
}
