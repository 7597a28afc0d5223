/**
 * Casino rounds. A round is opened by its first debit and then moves only through its table of
 * allowed moves, decided under the round's row lock by the generic state machine
 * (`db/state-machine.ts`: a rollback's `moveState`; a debit's or credit's `roundMove`, read and
 * locked by its claim and written with its group by `roundWritesOf`), so a credit and a rollback
 * racing on one round take turns and the second finds the round as the first left it:
 *
 *   OPEN    → OPEN     another debit, or a credit that does not close the round
 *   OPEN    → SETTLED  the closing credit (a win, or zero for a loss)
 *   OPEN    → VOIDED   a rollback: the debit is given back, and no credit is paid after it
 *   VOIDED  → VOIDED   a rollback of another debit of the round (each is given back)
 *
 * SETTLED is final: a paid round is not rolled back. Each move's money is one wallet transfer in
 * the move's effect, keyed by the provider's transaction id.
 */
import { canMove, defineStateMachine, NOW, type MoveColumns } from '../../db/state-machine';
import type { Queryable } from '../../db/database';
import { CASINO_REFERENCE_PREFIX, type Book } from '../wallet';

export const ROUND_STATES = ['OPEN', 'SETTLED', 'VOIDED'] as const;
export type RoundState = (typeof ROUND_STATES)[number];

export const ROUND_MACHINE = defineStateMachine<RoundState>({
  entity: 'casino round',
  table: 'casino_rounds',
  states: ROUND_STATES,
  moves: {
    OPEN: ['OPEN', 'SETTLED', 'VOIDED'],
    VOIDED: ['VOIDED'],
  },
  // Closing is stamped by the moves that close (`closedColumns`): VOIDED is not final.
  decidedAtColumn: null,
  refusal: (from, to) => `A ${from.toLowerCase()} round cannot become ${to.toLowerCase()}.`,
  missing: 'There is no such round.',
});

export interface RoundRow {
  id: string;
  provider: string;
  round_id: string;
  launch_id: string;
  domain: string;
  player_id: string;
  book: Book;
  game_code: string;
  status: RoundState;
  stake_minor: string | number;
  win_minor: string | number;
  refund_minor: string | number;
  created_at: Date;
  closed_at: Date | null;
}

export const ROUND_COLUMNS = `id, provider, round_id, launch_id, domain, player_id, book, game_code,
  status, stake_minor, win_minor, refund_minor, created_at, closed_at`;

/** The ledger reference of a round's money: the provider and its round id. */
export function roundReference(provider: string, roundId: string): string {
  return `${CASINO_REFERENCE_PREFIX}${provider}:${roundId}`;
}

/** A round by Backlay's id. */
export async function readRound(db: Queryable, id: string): Promise<RoundRow | null> {
  const [row] = await db.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM casino_rounds WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/**
 * A round's write, made with the commit of its callback's group: the round its first debit opens
 * (under an id chosen beforehand; a rival first debit makes the write fail on the provider's
 * round id, and the callback then joins the round it opened), or a move of a round locked and
 * read by the callback's claim, as the machine allowed it.
 */
export type RoundWrite =
  | {
      kind: 'open';
      id: string;
      launchId: string;
      domain: string;
      playerId: string;
      book: Book;
      gameCode: string;
      stakeMinor: number;
    }
  | {
      kind: 'move';
      id: string;
      from: RoundState;
      to: RoundState;
      stakeMinor: number;
      winMinor: number;
      /** Stamps the closing time (`closedColumns`). */
      closes: boolean;
    };

/**
 * The move of a round its claim locked and read in state `from`, with the round's new amounts:
 * its write, or null when the machine refuses it.
 */
export function roundMove(
  round: { id: string; from: RoundState; stakeMinor: number; winMinor: number },
  to: RoundState,
): RoundWrite | null {
  if (!canMove(ROUND_MACHINE, round.from, to)) return null;
  return { kind: 'move', ...round, to, closes: 'closed_at' in closedColumns(round.from, to) };
}

/**
 * The writes of a group's rounds, as parts of a WITH clause over `source`, a part before them
 * with a row per callback: `round` (the round's id), `round_write` ('open', 'move' or null),
 * `done` (whether the callback's money moved, so its round is written), the provider's
 * `provider` and `round_id`, and the write's columns (`RoundWrite`, in snake case). `opened` and
 * `moved` return a row per round written; a move whose round is not in the state it was read in
 * writes nothing, and the caller's count of them fails the statement.
 */
export function roundWritesOf(source: string): string {
  return `opened AS (
    INSERT INTO casino_rounds (id, provider, round_id, launch_id, domain, player_id, book,
      game_code, status, stake_minor)
    SELECT round, provider, round_id, launch_id, domain, player, book, game_code, 'OPEN',
      stake_minor
    FROM ${source} WHERE round_write = 'open' AND done
    ORDER BY provider, round_id
    RETURNING 1
  ),
  moved AS (
    UPDATE casino_rounds r
    SET status = s.to_status, stake_minor = s.stake_minor, win_minor = s.win_minor,
      closed_at = CASE WHEN s.closes THEN now() ELSE r.closed_at END
    FROM ${source} s
    -- The rounds found by their ids first: joined by the planner's choice alone, a plan made
    -- while the table looked empty read every round for each group.
    WHERE r.id = ANY (ARRAY(SELECT round FROM ${source} WHERE round_write = 'move' AND done))
      AND s.round_write = 'move' AND s.done AND r.id = s.round AND r.status = s.from_status
    RETURNING 1
  )`;
}

/** The columns a move into `to` from `from` stamps: the closing time, once. */
export function closedColumns(from: RoundState, to: RoundState): MoveColumns {
  return from === 'OPEN' && to !== 'OPEN' ? { closed_at: NOW } : {};
}
