import type { AdminPlayerBonus } from '@backlay/contract/admin-bonuses';
import { forfeitBonusRoute } from '@backlay/contract/admin-calls';
import type { BonusType, PlayerBonusStatus } from '@backlay/contract/bonuses';
import type { PlayerDetail } from '@backlay/contract/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatShortDateTime } from '../../../shared/format/dates';
import { requestErrors } from '../../../shared/forms/request-errors';
import { paths } from '../../../shared/paths';
import { useCan } from '../../../shared/session/me-query';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DataGrid, type GridColumn } from '../../../shared/ui/data-grid';
import { Money } from '../../../shared/ui/money';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { Section } from '../../../shared/ui/page-header';
import { useForfeitBonus } from '../api/forfeit-bonus';
import { usePlayerBonuses } from '../api/player-bonuses';

const STATUS: Record<PlayerBonusStatus, { label: string; tone: BadgeTone }> = {
  OFFERED: { label: 'Offered', tone: 'info' },
  ACTIVE: { label: 'Active', tone: 'good' },
  CONVERTED: { label: 'Converted', tone: 'neutral' },
  EXPIRED: { label: 'Expired', tone: 'warning' },
  FORFEITED: { label: 'Forfeited', tone: 'bad' },
};

const TYPES: Record<BonusType, string> = {
  REGISTRATION: 'Registration',
  FIRST_DEPOSIT: 'First deposit',
  RELOAD: 'Reload',
  LOSSBACK: 'Lossback',
  COUPON: 'Coupon',
  REFERRAL: 'Referral',
};

/** Whether an operator may still forfeit a bonus: only one offered or being wagered. */
const forfeitable = (bonus: AdminPlayerBonus) =>
  bonus.status === 'OFFERED' || bonus.status === 'ACTIVE';

const column = createColumnHelper<AdminPlayerBonus>();

function bonusColumns(
  canOpenCampaigns: boolean,
  onForfeit: ((bonus: AdminPlayerBonus) => void) | null,
): GridColumn<AdminPlayerBonus>[] {
  const columns: GridColumn<AdminPlayerBonus>[] = [
    column.accessor('campaignTitle', {
      header: 'Campaign',
      cell: (info) =>
        canOpenCampaigns ? (
          <Link to={paths.bonusCampaign.getHref(info.row.original.campaignId)}>
            {info.row.original.campaignTitle}
          </Link>
        ) : (
          info.row.original.campaignTitle
        ),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: (info) => {
        const status = STATUS[info.row.original.status];
        return <Badge tone={status.tone}>{status.label}</Badge>;
      },
    }),
    column.accessor('type', {
      header: 'Type',
      cell: (info) =>
        `${TYPES[info.row.original.type]} · ${info.row.original.product === 'BETTING' ? 'Betting' : 'Casino'}`,
    }),
    column.accessor('amount', {
      header: 'Bonus',
      meta: { numeric: true },
      cell: (info) => <Money value={info.row.original.amount} />,
    }),
    column.display({
      id: 'wagering',
      header: 'Wagered / required',
      meta: { numeric: true },
      cell: (info) => (
        <>
          <Money value={info.row.original.wagered} /> / <Money value={info.row.original.required} />
        </>
      ),
    }),
    column.accessor('expiresAt', {
      header: 'Expires',
      cell: (info) => (
        <span title={formatDateTime(info.row.original.expiresAt)}>
          {formatShortDateTime(info.row.original.expiresAt)}
        </span>
      ),
    }),
    column.display({
      id: 'outcome',
      header: 'Outcome',
      cell: (info) => {
        const bonus = info.row.original;
        if (bonus.settledAmount === null) return <span className="muted">—</span>;
        const what = bonus.status === 'CONVERTED' ? 'became cash' : 'went back';
        return (
          <span>
            <Money value={bonus.settledAmount} /> {what}
            {bonus.reason ? (
              <span className="muted">
                {' '}
                · {bonus.forfeitedBy ? `${bonus.forfeitedBy}: ` : ''}
                {bonus.reason}
              </span>
            ) : null}
          </span>
        );
      },
    }),
    column.accessor('claimedAt', {
      header: 'Claimed',
      cell: (info) => (
        <span title={formatDateTime(info.row.original.claimedAt)}>
          {formatShortDateTime(info.row.original.claimedAt)}
        </span>
      ),
    }),
  ];
  if (onForfeit) {
    columns.push(
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) =>
          forfeitable(info.row.original) ? (
            <Button
              size="small"
              variant="danger"
              aria-label={`Forfeit ${info.row.original.campaignTitle}`}
              onClick={() => onForfeit(info.row.original)}
            >
              Forfeit
            </Button>
          ) : null,
      }),
    );
  }
  return columns;
}

/**
 * The player's bonuses: the bonus wallet, each bonus with its wagering and what became of it,
 * and, for an operator who may manage bonuses, a forfeit of one offered or being wagered, with
 * a reason the audit log keeps.
 */
export function PlayerBonuses({ player }: { player: PlayerDetail }) {
  const playerId = player.profile.id;
  const can = useCan();
  const bonuses = usePlayerBonuses(playerId);
  const forfeit = useForfeitBonus();
  const [forfeiting, setForfeiting] = useState<AdminPlayerBonus | null>(null);
  const canManage = can('bonuses.manage');
  const columns = useMemo(
    () => bonusColumns(can('bonuses.read'), canManage ? setForfeiting : null),
    [can, canManage],
  );

  if (bonuses.isPending) {
    return (
      <Section title="Bonuses">
        <Loading />
      </Section>
    );
  }
  if (bonuses.isError) {
    return (
      <Section title="Bonuses">
        <ErrorNotice error={bonuses.error} onRetry={() => void bonuses.refetch()} />
      </Section>
    );
  }

  return (
    <Section title="Bonuses">
      <dl className="facts">
        <dt>Bonus wallet</dt>
        <dd>
          <Money value={bonuses.data.bonusBalance} />
        </dd>
      </dl>
      <DataGrid
        id="player-bonuses"
        label="Player’s bonuses"
        data={bonuses.data.items}
        columns={columns}
        getRowId={(row) => row.id}
        defaultHiddenColumns={['claimedAt']}
        emptyText="This player has had no bonus."
      />
      {forfeiting ? (
        <ConfirmDialog
          title={`Forfeit ${forfeiting.campaignTitle}`}
          description={
            <p>
              {player.profile.userName} loses this bonus: the <Money value={forfeiting.amount} />{' '}
              {forfeiting.status === 'ACTIVE' ? 'being wagered' : 'offered'} goes back to the brand.
              Their own cash is not touched.
            </p>
          }
          confirmLabel="Forfeit bonus"
          tone="danger"
          validate={(reason) =>
            requestErrors(forfeitBonusRoute, { bonusId: forfeiting.id, reason })
          }
          onConfirm={(reason) => forfeit.mutateAsync({ bonusId: forfeiting.id, reason })}
          onClose={() => setForfeiting(null)}
        />
      ) : null}
    </Section>
  );
}
