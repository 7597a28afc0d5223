import type { SportEvent, SportTree } from '@backlay/contract/sports';
import type { Sport } from '../sports';
import { isInPlay } from './in-play';

/** A visible sport and some of its events. */
export interface SportGroup {
  sport: Sport;
  events: SportEvent[];
}

/** The tree's events that pass `keep`, grouped by visible sport in sport order; empty groups go. */
export function groupBySport(
  tree: SportTree,
  visible: readonly Sport[],
  keep: (event: SportEvent) => boolean,
): SportGroup[] {
  return visible.flatMap((sport) => {
    const events = tree.find((s) => s.id === sport.id)?.events.filter(keep) ?? [];
    return events.length > 0 ? [{ sport, events }] : [];
  });
}

/** The events being played, grouped by visible sport. */
export function inPlayGroups(tree: SportTree, visible: readonly Sport[]): SportGroup[] {
  return groupBySport(tree, visible, isInPlay);
}

/** Every event of the tree's visible sports. */
export function visibleEvents(tree: SportTree, visible: readonly Sport[]): SportEvent[] {
  return groupBySport(tree, visible, () => true).flatMap((g) => g.events);
}
