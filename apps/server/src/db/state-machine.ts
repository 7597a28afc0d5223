/**
 * States of money-moving rows, written once: each kind of row declares its table of allowed
 * moves with `defineStateMachine`, and every change of its state goes through `moveState` (or
 * `applyMove`, which turns a refusal into an error). Nothing else updates its status column.
 *
 * A move, in the caller's transaction:
 *   1. locks the row (`SELECT … FOR UPDATE`), so decisions racing on one row take turns;
 *   2. reads it with the caller's reader and runs the caller's guard on it (brand scope,
 *      ownership: who may ask at all);
 *   3. refuses a move the table does not allow from the state the row is in now (a decision
 *      that lost a race, a replay, a late webhook), changing nothing;
 *   4. runs the caller's effect: checks that only make sense for an allowed move (four eyes),
 *      then the move's money, one wallet transfer under the row's own idempotency key;
 *   5. writes the new state and the decision's columns, and stamps the decision time when the
 *      new state is final (one with no moves out).
 * Whatever the races, a row passes through each state at most once and a move's money runs in
 * the transaction that writes the move, so it moves exactly once; a refused or failed move
 * leaves the row and the money as they were.
 *
 * Casino rounds and bonuses follow the same pattern: declare the machine beside the module's
 * queries (a round `{ OPEN: ['SETTLED', 'VOIDED'] }`, a bonus `{ GRANTED: ['WAGERING',
 * 'FORFEITED'], WAGERING: ['RELEASED', 'FORFEITED'] }`), put each move's ledger transfer in its
 * effect, and write no other UPDATE of the status. Payments declare theirs in
 * `modules/payments/payment-states.ts`.
 */
import { ApiError } from '../http/api-error';
import type { Queryable } from './database';

/** The states each state may move to; a state not listed (or listing none) is final. */
export type MoveTable<S extends string> = { readonly [From in S]?: readonly S[] };

export interface StateMachine<S extends string> {
  /** What the rows are, in words for errors: `deposit request`. */
  readonly entity: string;
  /** The table; its rows have an `id` key and a `status` column. */
  readonly table: string;
  /** Column values every row of this machine has (a table shared by several machines). */
  readonly where: Readonly<Record<string, string>>;
  readonly moves: MoveTable<S>;
  /** Stamped with the transaction's time by a move into a final state; null: none. */
  readonly decidedAtColumn: string | null;
  /** The sentence refusing a move the table does not allow from `from`. */
  readonly refusal: (from: string, to: S) => string;
  /** The sentence answering an id no row of this machine has. */
  readonly missing: string;
}

/** SQL names come from code, never from a request; this keeps them names. */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function assertIdentifier(name: string): void {
  if (!IDENTIFIER.test(name)) throw new Error(`"${name}" is not a column or table name`);
}

/** Checks and freezes a machine's declaration: names are names, every move's target is known. */
export function defineStateMachine<S extends string>(spec: {
  entity: string;
  table: string;
  where?: Readonly<Record<string, string>>;
  states: readonly S[];
  moves: MoveTable<S>;
  decidedAtColumn?: string | null;
  refusal: (from: string, to: S) => string;
  missing: string;
}): StateMachine<S> & { readonly states: readonly S[] } {
  assertIdentifier(spec.table);
  const where = spec.where ?? {};
  Object.keys(where).forEach(assertIdentifier);
  if (spec.decidedAtColumn) assertIdentifier(spec.decidedAtColumn);
  for (const [from, targets] of Object.entries(spec.moves) as [S, readonly S[] | undefined][]) {
    for (const to of [from, ...(targets ?? [])]) {
      if (!spec.states.includes(to)) throw new Error(`${spec.entity}: unknown state ${to}`);
    }
  }
  return Object.freeze({
    entity: spec.entity,
    table: spec.table,
    where: Object.freeze({ ...where }),
    states: Object.freeze([...spec.states]),
    moves: Object.freeze({ ...spec.moves }),
    decidedAtColumn: spec.decidedAtColumn ?? null,
    refusal: spec.refusal,
    missing: spec.missing,
  });
}

/**
 * Whether the machine allows a move from `from` to `to`. A state the machine does not know
 * (another machine's, on a shared table) has no moves.
 */
export function canMove<S extends string>(machine: StateMachine<S>, from: string, to: S): boolean {
  return movesFrom(machine, from).includes(to);
}

/** Whether a state is final: no move leads out of it. */
export function isFinal<S extends string>(machine: StateMachine<S>, state: string): boolean {
  return movesFrom(machine, state).length === 0;
}

function movesFrom<S extends string>(machine: StateMachine<S>, state: string): readonly S[] {
  return Object.hasOwn(machine.moves, state) ? (machine.moves[state as S] ?? []) : [];
}

/** A decision column's value that the database fills with its transaction's time. */
export const NOW: unique symbol = Symbol('now');

/** Decision columns written with a move: column name → value (or `NOW`). */
export type MoveColumns = Readonly<Record<string, unknown>>;

export interface Move<S extends string, Row extends { status: string }> {
  id: string;
  /** The new state, or how the locked row decides it (a decision whose outcome depends on it). */
  to: S | ((row: Row) => S);
  /** Reads the row (after it is locked, and again after the move). */
  read: (tx: Queryable, id: string) => Promise<Row | null>;
  /**
   * Runs on the locked row before the move is checked: throws to refuse the caller (not
   * theirs to decide), or answers false to leave the row as it is (a refusal).
   */
  guard?: ((row: Row) => boolean) | ((row: Row) => void);
  /**
   * Runs once the move is allowed, before it is written: last checks, then the move's money.
   * May answer more decision columns (what the money step produced).
   */
  effect?: ((row: Row) => Promise<MoveColumns>) | ((row: Row) => Promise<void>);
  /** Decision columns written with the new state. */
  set?: MoveColumns;
}

export type MoveResult<S extends string, Row> =
  | { outcome: 'moved'; before: Row; after: Row }
  | { outcome: 'refused'; row: Row; to: S }
  | { outcome: 'missing' };

/**
 * Applies one move to one row under its lock, in `tx` (see the module's comment): moved (the
 * row before and after), refused (the row as it stays) or missing (no such row).
 */
export async function moveState<S extends string, Row extends { status: string }>(
  tx: Queryable,
  machine: StateMachine<S>,
  move: Move<S, Row>,
): Promise<MoveResult<S, Row>> {
  const scope = Object.entries(machine.where);
  const scopeSql = scope.map(([column], i) => ` AND ${column} = $${i + 2}`).join('');
  const locked = await tx.query<{ status: string }>(
    `SELECT status FROM ${machine.table} WHERE id = $1${scopeSql} FOR UPDATE`,
    [move.id, ...scope.map(([, value]) => value)],
  );
  if (locked.length === 0) return { outcome: 'missing' };
  const before = await move.read(tx, move.id);
  if (!before) throw new Error(`${machine.entity} ${move.id} vanished under its lock`);
  const to = typeof move.to === 'function' ? move.to(before) : move.to;
  if (move.guard?.(before) === false) return { outcome: 'refused', row: before, to };
  if (!canMove(machine, before.status, to)) return { outcome: 'refused', row: before, to };
  const produced = (await move.effect?.(before)) ?? {};
  const update = updateOf(machine, move.id, before.status, to, { ...move.set, ...produced });
  const written = await tx.query(`${update.sql} RETURNING id`, update.params);
  if (written.length !== 1) throw new Error(`${machine.entity} ${move.id} changed under its lock`);
  const after = await move.read(tx, move.id);
  if (!after) throw new Error(`${machine.entity} ${move.id} vanished in its own transaction`);
  return { outcome: 'moved', before, after };
}

/**
 * The UPDATE of a move: the new state, the decision's columns, the decision time when the new
 * state is final. The status condition cannot fail under the row's lock; it keeps a broken
 * caller from writing.
 */
function updateOf<S extends string>(
  machine: StateMachine<S>,
  id: string,
  from: string,
  to: S,
  decided: MoveColumns,
): { sql: string; params: unknown[] } {
  const columns: Record<string, unknown> = { ...decided };
  if (machine.decidedAtColumn && isFinal(machine, to)) {
    columns[machine.decidedAtColumn] ??= NOW;
  }
  const params: unknown[] = [id, to, from];
  const assignments = Object.entries(columns).map(([column, value]) => {
    assertIdentifier(column);
    if (column === 'status' || column === 'id') throw new Error(`a move cannot set ${column}`);
    if (value === NOW) return `${column} = now()`;
    params.push(value);
    return `${column} = $${params.length}`;
  });
  return {
    sql: `UPDATE ${machine.table} SET ${['status = $2', ...assignments].join(', ')}
     WHERE id = $1 AND status = $3`,
    params,
  };
}

/**
 * `moveState` for a decision someone asked for: a missing row is NOT_FOUND and a refused move
 * is CONFLICT, with the machine's sentences.
 */
export async function applyMove<S extends string, Row extends { status: string }>(
  tx: Queryable,
  machine: StateMachine<S>,
  move: Move<S, Row>,
): Promise<{ before: Row; after: Row }> {
  const result = await moveState(tx, machine, move);
  if (result.outcome === 'missing') throw new ApiError('NOT_FOUND', machine.missing);
  if (result.outcome === 'refused') {
    throw new ApiError('CONFLICT', machine.refusal(result.row.status, result.to));
  }
  return result;
}
