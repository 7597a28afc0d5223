import type { SportEvent } from '@backlay/contract/sports';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/request-error';
import { clockIcon } from '../../../shared/icons/set/clock-icon';
import { playIcon } from '../../../shared/icons/set/play-icon';
import { thumbtackIcon } from '../../../shared/icons/set/thumbtack-icon';
import { Page } from '../../../shared/ui/page';
import { StateMessage } from '../../../shared/ui/state-message';
import { closestEventsQueryOptions } from '../api/closest-events';
import { EventList } from '../components/event-list';
import { SportsSection } from '../components/sports-section';
import { useLiveQueryData } from '../hooks/use-live-list';
import { useListPollMs } from '../hooks/use-live-poll';
import { useLiveSportTree } from '../hooks/use-live-sport-tree';
import { useVisibleSports } from '../hooks/use-visible-sports';
import { isInPlay } from '../model/in-play';
import { applyToEvents, matchOddsMarketIds } from '../model/market-updates';
import { usePins } from '../model/pins';
import { visibleEvents } from '../model/tree';

/** The events starting soonest that are not under way yet, live. */
function StartingSoon({ visibleIds }: { visibleIds: ReadonlySet<number> }) {
  const options = closestEventsQueryOptions();
  const { data, error, isPending } = useQuery({ ...options, refetchInterval: useListPollMs() });
  const events = (data ?? []).filter((e) => !isInPlay(e) && visibleIds.has(e.sportId));
  useLiveQueryData<SportEvent[]>(options.queryKey, matchOddsMarketIds(events), applyToEvents);
  return (
    <SportsSection title="Starting soon" icon={clockIcon} count={data ? events.length : undefined}>
      {isPending ? (
        <StateMessage kind="loading">Loading the next matches…</StateMessage>
      ) : error && !data ? (
        <StateMessage kind="error">
          The next matches could not be loaded: {errorMessage(error)}
        </StateMessage>
      ) : events.length === 0 ? (
        <StateMessage kind="empty">No matches are scheduled to start soon.</StateMessage>
      ) : (
        <EventList events={events} label="Starting soon" />
      )}
    </SportsSection>
  );
}

/** The sports home (`/index`): pinned events, what is in play now and what starts soon. */
export default function HomePage() {
  const visible = useVisibleSports();
  const { pins } = usePins();
  const pinned = new Set(pins);
  const pick = (events: SportEvent[]) => ({
    inPlay: events.filter(isInPlay),
    pinned: events.filter((e) => pinned.has(String(e.id))),
  });
  const tree = useLiveSportTree((data) => {
    const { inPlay, pinned: kept } = pick(visibleEvents(data, visible));
    return matchOddsMarketIds([...kept, ...inPlay]);
  });
  const events = tree.data ? pick(visibleEvents(tree.data, visible)) : null;
  const treeState = (what: string) =>
    tree.isPending ? (
      <StateMessage kind="loading">Loading {what}…</StateMessage>
    ) : (
      <StateMessage kind="error">
        The {what} could not be loaded: {errorMessage(tree.error)}
      </StateMessage>
    );

  return (
    <Page lead="Back and lay at exchange prices on today's biggest matches.">
      {pins.length > 0 ? (
        <SportsSection title="Pinned" icon={thumbtackIcon} count={events?.pinned.length}>
          {!events ? (
            treeState('pinned matches')
          ) : events.pinned.length === 0 ? (
            <StateMessage kind="empty">
              Your pinned matches have finished or are no longer listed.
            </StateMessage>
          ) : (
            <EventList events={events.pinned} label="Pinned matches" />
          )}
        </SportsSection>
      ) : null}
      <SportsSection title="In play now" icon={playIcon} count={events?.inPlay.length}>
        {!events ? (
          treeState('in-play matches')
        ) : events.inPlay.length === 0 ? (
          <StateMessage kind="empty">No matches are in play right now.</StateMessage>
        ) : (
          <EventList events={events.inPlay} label="In play now" />
        )}
      </SportsSection>
      <StartingSoon visibleIds={new Set(visible.map((s) => s.id))} />
    </Page>
  );
}
