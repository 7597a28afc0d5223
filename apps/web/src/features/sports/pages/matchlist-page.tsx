import type { SportEvent } from '@backlay/contract/sports';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Page } from '../../../shared/ui/page';
import { StateMessage } from '../../../shared/ui/state-message';
import { eventsBySportQueryOptions } from '../api/events-by-sport';
import { EventList } from '../components/event-list';
import { useLiveQueryData } from '../hooks/use-live-list';
import { useListPollMs } from '../hooks/use-live-poll';
import { useVisibleSports } from '../hooks/use-visible-sports';
import { applyToEvents, matchOddsMarketIds } from '../model/market-updates';
import { sportById, type Sport } from '../sports';
import { useSportNames } from '../../../shared/format/sport-names';

/*
 * A sport's name is its own in every language; English lowercases it inside a sentence
 * ("Loading cricket matches…").
 */
const messages = i18n('sports/matchlist-page', {
  lead: 'In-play and upcoming matches, with the best prices.',
  loading: params('Loading {sport} matches…'),
  failed: params('{sport} matches could not be loaded: {error}'),
  none: params('No {sport} matches are listed right now.'),
  list: params('{sport} matches'),
  noSport: 'There is no sport with this address.',
  notAvailable: params('{sport} is not available on your account.'),
});

/** The events of one visible sport, live. */
function SportEvents({ sport }: { sport: Sport }) {
  const t = useMessages(messages);
  const name = useSportNames()(sport.id, sport.name);
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
    return <StateMessage kind="loading">{t.loading({ sport: name.toLowerCase() })}</StateMessage>;
  }
  if (error && !data) {
    return (
      <StateMessage kind="error">
        {t.failed({ sport: name, error: errorMessage(error) })}
      </StateMessage>
    );
  }
  if (data.length === 0) {
    return <StateMessage kind="empty">{t.none({ sport: name.toLowerCase() })}</StateMessage>;
  }
  return <EventList events={data} label={t.list({ sport: name })} />;
}

/** The matches of one sport (`/matchlist/:id`). */
export default function MatchlistPage() {
  const t = useMessages(messages);
  const sportNames = useSportNames();
  const { id = '' } = useParams();
  const sport = sportById(id);
  const visible = useVisibleSports();
  const allowed = sport !== undefined && visible.some((s) => s.id === sport.id);
  return (
    <Page heading={sport ? sportNames(sport.id, sport.name) : undefined} lead={t.lead}>
      {!sport ? (
        <StateMessage kind="empty">{t.noSport}</StateMessage>
      ) : !allowed ? (
        <StateMessage kind="empty">
          {t.notAvailable({ sport: sportNames(sport.id, sport.name) })}
        </StateMessage>
      ) : (
        <SportEvents sport={sport} />
      )}
    </Page>
  );
}
