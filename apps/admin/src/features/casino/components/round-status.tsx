import type { CasinoRoundSummary } from '@backlay/contract/admin-casino';
import { Badge } from '../../../shared/ui/badge';
import { ROUND_STATUS } from '../model/labels';

/** A round's status, and that it was played with play money if it was. */
export function RoundStatus({ round }: { round: Pick<CasinoRoundSummary, 'status' | 'demo'> }) {
  const status = ROUND_STATUS[round.status];
  return (
    <span className="flags">
      <Badge tone={status.tone}>{status.label}</Badge>
      {round.demo ? <Badge tone="neutral">Demo</Badge> : null}
    </span>
  );
}
