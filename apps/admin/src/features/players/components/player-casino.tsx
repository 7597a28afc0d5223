import type { PlayerDetail } from '@backlay/contract/admin';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../shared/format/money';
import { paths } from '../../../shared/paths';
import { useCan } from '../../../shared/session/me-query';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Money } from '../../../shared/ui/money';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { Section } from '../../../shared/ui/page-header';
import { useCasinoPlayer } from '../api/casino-player';
import { useSetCasinoPlayerSwitch } from '../api/set-casino-player-switch';

/**
 * The player's casino: whether their games launch and take bets, what they played in the last
 * 30 days, the switch for an operator who may lock players (after a confirmation), and their
 * rounds for one who may read the casino.
 */
export function PlayerCasino({ player }: { player: PlayerDetail }) {
  const playerId = player.profile.id;
  const name = player.profile.userName;
  const can = useCan();
  const casino = useCasinoPlayer(playerId);
  const setSwitch = useSetCasinoPlayerSwitch();
  const [asking, setAsking] = useState(false);

  const actions = can('casino.read') ? (
    <Link to={paths.casinoRounds.getHref({ playerId })}>Casino rounds</Link>
  ) : undefined;

  if (casino.isPending) {
    return (
      <Section title="Casino" actions={actions}>
        <Loading />
      </Section>
    );
  }
  if (casino.isError) {
    return (
      <Section title="Casino" actions={actions}>
        <ErrorNotice error={casino.error} onRetry={() => void casino.refetch()} />
      </Section>
    );
  }
  const { casinoEnabled, last30Days } = casino.data;
  const next = !casinoEnabled;

  return (
    <Section title="Casino" actions={actions}>
      <dl className="facts">
        <dt>Casino</dt>
        <dd>
          <Badge tone={casinoEnabled ? 'good' : 'bad'}>{casinoEnabled ? 'On' : 'Off'}</Badge>
        </dd>
        <dt>Rounds, last 30 days</dt>
        <dd>{formatCount(last30Days.rounds)}</dd>
        <dt>Staked</dt>
        <dd>
          <Money value={last30Days.stake} />
        </dd>
        <dt>Won</dt>
        <dd>
          <Money value={last30Days.win} />
        </dd>
        <dt>Player net</dt>
        <dd>
          <Money value={last30Days.net} signed />
        </dd>
      </dl>
      {can('players.lock') ? (
        <div>
          <Button size="small" onClick={() => setAsking(true)}>
            {casinoEnabled ? 'Switch casino off' : 'Switch casino on'}
          </Button>
        </div>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={next ? 'Switch the casino on' : 'Switch the casino off'}
          description={
            <p>
              {next
                ? `${name} will be able to launch casino games again.`
                : `${name}’s casino games will neither launch nor take bets. What a game owes them is still paid.`}
            </p>
          }
          confirmLabel={next ? 'Switch on' : 'Switch off'}
          tone={next ? 'primary' : 'danger'}
          askReason={false}
          onConfirm={() => setSwitch.mutateAsync({ playerId, enabled: next })}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </Section>
  );
}
