import type { SportEvent } from '@backlay/contract/sports';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
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

const messages = i18n('sports/home-page', {
  lead: "Back and lay at exchange prices on today's biggest matches.",
  startingSoon: 'Starting soon',
  loadingNext: 'Loading the next matches…',
  nextFailed: params('The next matches could not be loaded: {error}'),
  noneSoon: 'No matches are scheduled to start soon.',
  pinned: 'Pinned',
  pinnedMatches: 'Pinned matches',
  loadingPinned: 'Loading pinned matches…',
  pinnedFailed: params('The pinned matches could not be loaded: {error}'),
  pinnedGone: 'Your pinned matches have finished or are no longer listed.',
  inPlayNow: 'In play now',
  loadingInPlay: 'Loading in-play matches…',
  inPlayFailed: params('The in-play matches could not be loaded: {error}'),
  noneInPlay: 'No matches are in play right now.',
});

/** What the sections read from the sport tree say while it loads, and if it fails. */
const TREE_STATES = {
  pinned: { loading: 'loadingPinned', failed: 'pinnedFailed' },
  inPlay: { loading: 'loadingInPlay', failed: 'inPlayFailed' },
} as const;

/** The events starting soonest that are not under way yet, live. */
function StartingSoon({ visibleIds }: { visibleIds: ReadonlySet<number> }) {
  const t = useMessages(messages);
  const options = closestEventsQueryOptions();
  const { data, error, isPending } = useQuery({ ...options, refetchInterval: useListPollMs() });
  const events = (data ?? []).filter((e) => !isInPlay(e) && visibleIds.has(e.sportId));
  useLiveQueryData<SportEvent[]>(options.queryKey, matchOddsMarketIds(events), applyToEvents);
  return (
    <SportsSection title={t.startingSoon} icon={clockIcon} count={data ? events.length : undefined}>
      {isPending ? (
        <StateMessage kind="loading">{t.loadingNext}</StateMessage>
      ) : error && !data ? (
        <StateMessage kind="error">{t.nextFailed({ error: errorMessage(error) })}</StateMessage>
      ) : events.length === 0 ? (
        <StateMessage kind="empty">{t.noneSoon}</StateMessage>
      ) : (
        <EventList events={events} label={t.startingSoon} />
      )}
    </SportsSection>
  );
}

/** The sports home (`/index`): pinned events, what is in play now and what starts soon. */
export default function HomePage() {
  const t = useMessages(messages);
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
  const treeState = (section: keyof typeof TREE_STATES) =>
    tree.isPending ? (
      <StateMessage kind="loading">{t[TREE_STATES[section].loading]}</StateMessage>
    ) : (
      <StateMessage kind="error">
        {t[TREE_STATES[section].failed]({ error: errorMessage(tree.error) })}
      </StateMessage>
    );

  return (
    <Page lead={t.lead}>
      {pins.length > 0 ? (
        <SportsSection title={t.pinned} icon={thumbtackIcon} count={events?.pinned.length}>
          {!events ? (
            treeState('pinned')
          ) : events.pinned.length === 0 ? (
            <StateMessage kind="empty">{t.pinnedGone}</StateMessage>
          ) : (
            <EventList events={events.pinned} label={t.pinnedMatches} />
          )}
        </SportsSection>
      ) : null}
      <SportsSection title={t.inPlayNow} icon={playIcon} count={events?.inPlay.length}>
        {!events ? (
          treeState('inPlay')
        ) : events.inPlay.length === 0 ? (
          <StateMessage kind="empty">{t.noneInPlay}</StateMessage>
        ) : (
          <EventList events={events.inPlay} label={t.inPlayNow} />
        )}
      </SportsSection>
      <StartingSoon visibleIds={new Set(visible.map((s) => s.id))} />
    </Page>
  );
}
