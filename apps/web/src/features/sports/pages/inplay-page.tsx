import { errorMessage } from '../../../shared/api/request-error';
import { Page } from '../../../shared/ui/page';
import { StateMessage } from '../../../shared/ui/state-message';
import { EventList } from '../components/event-list';
import { SportsSection } from '../components/sports-section';
import { useLiveSportTree } from '../hooks/use-live-sport-tree';
import { useVisibleSports } from '../hooks/use-visible-sports';
import { matchOddsMarketIds } from '../model/market-updates';
import { inPlayGroups } from '../model/tree';

/** Events being played right now, across the visible sports, by sport (`/inplay`). */
export default function InplayPage() {
  const visible = useVisibleSports();
  const { data, error, isPending } = useLiveSportTree((tree) =>
    matchOddsMarketIds(inPlayGroups(tree, visible).flatMap((g) => g.events)),
  );
  const groups = data ? inPlayGroups(data, visible) : [];

  return (
    <Page lead="Matches being played right now, with prices that move as they unfold.">
      {isPending ? (
        <StateMessage kind="loading">Loading in-play matches…</StateMessage>
      ) : error && !data ? (
        <StateMessage kind="error">
          In-play matches could not be loaded: {errorMessage(error)}
        </StateMessage>
      ) : groups.length === 0 ? (
        <StateMessage kind="empty">No matches are in play right now.</StateMessage>
      ) : (
        groups.map(({ sport, events }) => (
          <SportsSection key={sport.id} title={sport.name} icon={sport.icon} count={events.length}>
            <EventList events={events} label={`${sport.name} in play`} />
          </SportsSection>
        ))
      )}
    </Page>
  );
}
