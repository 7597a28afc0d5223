import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Page } from '../../../shared/ui/page';
import { StateMessage } from '../../../shared/ui/state-message';
import { EventList } from '../components/event-list';
import { SportsSection } from '../components/sports-section';
import { useLiveSportTree } from '../hooks/use-live-sport-tree';
import { useVisibleSports } from '../hooks/use-visible-sports';
import { matchOddsMarketIds } from '../model/market-updates';
import { inPlayGroups } from '../model/tree';
import { useSportNames } from '../../../shared/format/sport-names';

const messages = i18n('sports/inplay-page', {
  lead: 'Matches being played right now, with prices that move as they unfold.',
  loading: 'Loading in-play matches…',
  failed: params('In-play matches could not be loaded: {error}'),
  none: 'No matches are in play right now.',
  list: params('{sport} in play'),
});

/** Events being played right now, across the visible sports, by sport (`/inplay`). */
export default function InplayPage() {
  const t = useMessages(messages);
  const sportNames = useSportNames();
  const visible = useVisibleSports();
  const { data, error, isPending } = useLiveSportTree((tree) =>
    matchOddsMarketIds(inPlayGroups(tree, visible).flatMap((g) => g.events)),
  );
  const groups = data ? inPlayGroups(data, visible) : [];

  return (
    <Page lead={t.lead}>
      {isPending ? (
        <StateMessage kind="loading">{t.loading}</StateMessage>
      ) : error && !data ? (
        <StateMessage kind="error">{t.failed({ error: errorMessage(error) })}</StateMessage>
      ) : groups.length === 0 ? (
        <StateMessage kind="empty">{t.none}</StateMessage>
      ) : (
        groups.map(({ sport, events }) => (
          <SportsSection
            key={sport.id}
            title={sportNames(sport.id, sport.name)}
            icon={sport.icon}
            count={events.length}
          >
            <EventList
              events={events}
              label={t.list({ sport: sportNames(sport.id, sport.name) })}
            />
          </SportsSection>
        ))
      )}
    </Page>
  );
}
