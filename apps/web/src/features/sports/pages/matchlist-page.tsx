import type { SportEvent } from '@backlay/contract/sports';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/request-error';
import { Page } from '../../../shared/ui/page';
import { StateMessage } from '../../../shared/ui/state-message';
import { eventsBySportQueryOptions } from '../api/events-by-sport';
import { EventList } from '../components/event-list';
import { useLiveQueryData } from '../hooks/use-live-list';
import { useListPollMs } from '../hooks/use-live-poll';
import { useVisibleSports } from '../hooks/use-visible-sports';
import { applyToEvents, matchOddsMarketIds } from '../model/market-updates';
import { sportById, type Sport } from '../sports';

/** The events of one visible sport, live. */
function SportEvents({ sport }: { sport: Sport }) {
  const options = eventsBySportQueryOptions(sport.id);
  const { data, error, isPending } = useQuery({
    ...options,
    refetchInterval: useListPollMs(),
  });
  useLiveQueryData<SportEvent[]>(
    options.queryKey,
    data ? matchOddsMarketIds(data) : [],
    applyToEvents,
  );

  if (isPending) {
    return <StateMessage kind="loading">Loading {sport.name.toLowerCase()} matches…</StateMessage>;
  }
  if (error && !data) {
    return (
      <StateMessage kind="error">
        {sport.name} matches could not be loaded: {errorMessage(error)}
      </StateMessage>
    );
  }
  if (data.length === 0) {
    return (
      <StateMessage kind="empty">
        No {sport.name.toLowerCase()} matches are listed right now.
      </StateMessage>
    );
  }
  return <EventList events={data} label={`${sport.name} matches`} />;
}

/** The matches of one sport (`/matchlist/:id`). */
export default function MatchlistPage() {
  const { id = '' } = useParams();
  const sport = sportById(id);
  const visible = useVisibleSports();
  const allowed = sport !== undefined && visible.some((s) => s.id === sport.id);
  return (
    <Page heading={sport?.name} lead="In-play and upcoming matches, with the best prices.">
      {!sport ? (
        <StateMessage kind="empty">There is no sport with this address.</StateMessage>
      ) : !allowed ? (
        <StateMessage kind="empty">{sport.name} is not available on your account.</StateMessage>
      ) : (
        <SportEvents sport={sport} />
      )}
    </Page>
  );
}
