/**
 * A player's responsible-gambling settings as operators see them on the player's page: the
 * limits as the player sees them, the break in force and what the player changed, newest first.
 * Read only: nobody lifts a limit or a break early on a player's behalf.
 */
import type { PlayerDetail } from '@backlay/contract/admin';
import type { Queryable } from '../../db/database';
import { istTime } from '../account';
import { formatRupees } from '../wallet';
import { gamblingSettings, limitChanges, limitName, type GamblingUsage } from './gambling-limits';
import { playerBreaks } from './gambling-breaks';

const SHOWN_CHANGES = 30;
const BREAK_NAMES = { TIME_OUT: 'Time-out', SELF_EXCLUSION: 'Self-exclusion' } as const;

export async function playerResponsibleGambling(
  db: Queryable,
  player: { id: string; domain: string; demo: boolean },
  usage: GamblingUsage,
  now: Date,
): Promise<PlayerDetail['responsibleGambling']> {
  const [settings, changes, breaks] = await Promise.all([
    gamblingSettings(db, player, usage, now),
    limitChanges(db, player.id, SHOWN_CHANGES),
    playerBreaks(db, player.id, SHOWN_CHANGES),
  ]);
  const current = breaks.find((b) => b.startsAt <= now && b.endsAt > now);
  const amount = (minor: number | null) => (minor === null ? 'no limit' : formatRupees(minor));
  const history = [
    ...changes.map((c) => ({
      at: c.at,
      change: `${limitName(c.kind, c.window)}: ${amount(c.from)} → ${amount(c.to)}${
        c.appliesAt > c.at ? `, from ${istTime(c.appliesAt)}` : ', at once'
      }`,
    })),
    ...breaks.map((b) => ({
      at: b.startsAt,
      change: `${BREAK_NAMES[b.kind]} (${b.period.toLowerCase().replace('_', ' ')}) until ${istTime(b.endsAt)}`,
    })),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, SHOWN_CHANGES)
    .map((entry) => ({ at: entry.at.toISOString(), change: entry.change }));
  return {
    ...settings,
    break: current
      ? {
          kind: current.kind,
          since: current.startsAt.toISOString(),
          until: current.endsAt.toISOString(),
        }
      : null,
    history,
  };
}
