import { useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates';
import { formatRupees } from '../../../shared/format/money';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { Money } from '../../../shared/ui/money';
import { PageHeader, Section } from '../../../shared/ui/page-header';
import { usePlayerDetail } from '../api/player-detail';
import { PlayerActions } from '../components/player-actions';
import { PlayerBonuses } from '../components/player-bonuses';
import { PlayerCasino } from '../components/player-casino';
import { PlayerFlags } from '../components/player-flags';
import { PlayerNotes } from '../components/player-notes';
import { PlayerRecords } from '../components/player-records';
import {
  PlayerBreakBadge,
  PlayerResponsibleGambling,
} from '../components/player-responsible-gambling';
import '../components/players.css';

/**
 * `/admin/players/:playerId`: one player's profile, money, notes, responsible-gambling settings
 * and records, and actions.
 */
export default function PlayerPage() {
  const { playerId = '' } = useParams();
  const detail = usePlayerDetail(playerId);

  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    return (
      <>
        <PageHeader title="Player" />
        <ErrorNotice error={detail.error} onRetry={() => void detail.refetch()} />
      </>
    );
  }
  const player = detail.data;
  const { profile, balances } = player;

  return (
    <>
      <PageHeader
        title={profile.userName}
        subtitle={
          <>
            <span>{profile.domain}</span>
            <span className="mono">{profile.id}</span>
            <PlayerFlags player={profile} />
            <PlayerBreakBadge gamblingBreak={player.responsibleGambling.break} />
          </>
        }
        actions={<PlayerActions player={player} />}
      />
      <div className="player__summary">
        <Section title="Profile">
          <dl className="facts">
            <dt>Status</dt>
            <dd>{profile.status}</dd>
            <dt>Mobile</dt>
            <dd>{profile.mobile ?? '—'}</dd>
            <dt>Created</dt>
            <dd>{formatDateTime(profile.createdAt)}</dd>
            <dt>Stake limit</dt>
            <dd>
              {player.limits.maxStake === null
                ? 'Brand limits only'
                : `${formatRupees(player.limits.maxStake)} a bet`}
            </dd>
          </dl>
        </Section>
        <Section title="Balances">
          <dl className="balances">
            <div>
              <dt>Cash</dt>
              <dd>
                <Money value={balances.cash} />
              </dd>
            </div>
            <div>
              <dt>Exposure</dt>
              <dd>
                <Money value={balances.exposure} />
              </dd>
            </div>
            <div>
              <dt>Bonus</dt>
              <dd>
                <Money value={balances.bonus} />
              </dd>
            </div>
            <div>
              <dt>Available</dt>
              <dd>
                <Money value={balances.available} />
              </dd>
            </div>
          </dl>
        </Section>
        <Section title="Notes">
          <PlayerNotes player={player} />
        </Section>
      </div>
      <Section title="Responsible gambling">
        <PlayerResponsibleGambling settings={player.responsibleGambling} />
      </Section>
      <PlayerCasino player={player} />
      <PlayerBonuses player={player} />
      <PlayerRecords player={player} />
    </>
  );
}
