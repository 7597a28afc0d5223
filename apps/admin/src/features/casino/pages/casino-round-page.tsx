import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates';
import { paths } from '../../../shared/paths';
import { DataGrid } from '../../../shared/ui/data-grid';
import { Money } from '../../../shared/ui/money';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { PageHeader, Section } from '../../../shared/ui/page-header';
import { useCasinoRound, type CasinoRound } from '../api/casino-round';
import { CALLBACK_COLUMNS } from '../components/callback-columns';
import { PlayerLink } from '../components/round-columns';
import { RoundStatus } from '../components/round-status';
import { callbackRows } from '../model/callbacks';
import { playerNet } from '../model/figures';
import '../components/casino.css';

function RoundFacts({ round }: { round: CasinoRound }) {
  return (
    <div className="casino-round__summary">
      <Section title="Round">
        <dl className="facts">
          <dt>Player</dt>
          <dd>
            <PlayerLink playerId={round.playerId} userName={round.userName} />
          </dd>
          <dt>Brand</dt>
          <dd>{round.brand}</dd>
          <dt>Game</dt>
          <dd>
            {round.gameName} <span className="muted mono">{round.gameCode}</span>
          </dd>
          <dt>Provider</dt>
          <dd>{round.provider}</dd>
          <dt>Provider’s round id</dt>
          <dd className="mono">{round.roundId}</dd>
          <dt>Backlay’s round id</dt>
          <dd className="mono">{round.id}</dd>
          <dt>Started</dt>
          <dd>{formatDateTime(round.startedAt)}</dd>
          <dt>Closed</dt>
          <dd>{round.closedAt === null ? 'Still open' : formatDateTime(round.closedAt)}</dd>
        </dl>
      </Section>
      <Section title="Money">
        <dl className="facts">
          <dt>Stake</dt>
          <dd>
            <Money value={round.stake} />
          </dd>
          <dt>Win</dt>
          <dd>
            <Money value={round.win} />
          </dd>
          <dt>Refunded</dt>
          <dd>
            <Money value={round.refunded} />
          </dd>
          <dt>Player net</dt>
          <dd>
            <Money value={playerNet(round)} signed />
          </dd>
          <dt>Book</dt>
          <dd>{round.demo ? 'Play money (demo player)' : 'Real money'}</dd>
        </dl>
      </Section>
      <Section title="Launch">
        <dl className="facts">
          <dt>Launch id</dt>
          <dd className="mono">{round.launch.id}</dd>
          <dt>Language</dt>
          <dd>{round.launch.language}</dd>
          <dt>Currency</dt>
          <dd>{round.launch.currency}</dd>
          <dt>Launched</dt>
          <dd>{formatDateTime(round.launch.startedAt)}</dd>
          <dt>Token expires</dt>
          <dd>{formatDateTime(round.launch.expiresAt)}</dd>
        </dl>
      </Section>
    </div>
  );
}

/**
 * `/admin/casino/rounds/:roundId`: one round, its money, the launch it was played in, and every
 * callback the provider made in it with the wallet's answer, refused ones included.
 */
export default function CasinoRoundPage() {
  const { roundId = '' } = useParams();
  const round = useCasinoRound(roundId);

  if (round.isPending) return <Loading />;
  if (round.isError) {
    return (
      <>
        <PageHeader title="Casino round" />
        <ErrorNotice error={round.error} onRetry={() => void round.refetch()} />
      </>
    );
  }
  const data = round.data;
  return (
    <>
      <PageHeader
        title={`Round ${data.roundId}`}
        subtitle={
          <>
            <span>{data.gameName}</span>
            <span aria-hidden="true">·</span>
            <span>{data.provider}</span>
            <RoundStatus round={data} />
          </>
        }
        actions={
          <Link
            className="button button-link"
            to={paths.casinoRounds.getHref({ playerId: data.playerId })}
          >
            Player’s rounds
          </Link>
        }
      />
      <RoundFacts round={data} />
      <Section title="Callbacks">
        <DataGrid
          id="casino-callbacks"
          label="Callbacks"
          data={callbackRows(data.callbacks)}
          columns={CALLBACK_COLUMNS}
          getRowId={(row, index) => `${row.transactionId}-${index}`}
          emptyText="No callback in this round."
        />
      </Section>
    </>
  );
}
