import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { testDatabase, TEST_BACKENDS } from '../test-helper';
import type { Queryable } from './database';
import { applyMove, canMove, defineStateMachine, isFinal, moveState, NOW } from './state-machine';

const STATES = ['OPEN', 'HELD', 'SETTLED', 'VOIDED'] as const;
type State = (typeof STATES)[number];

/** A casino round, say: open, maybe held for review, then settled or voided. */
const ROUNDS = defineStateMachine<State>({
  entity: 'round',
  table: 'probe_rounds',
  where: { kind: 'ROUND' },
  states: STATES,
  moves: { OPEN: ['HELD', 'SETTLED', 'VOIDED'], HELD: ['SETTLED', 'VOIDED'] },
  decidedAtColumn: 'decided_at',
  refusal: (from) => `This round was already ${from.toLowerCase()}.`,
  missing: 'There is no such round.',
});

interface Round {
  id: string;
  status: State;
  kind: string;
  note: string | null;
  decided_at: Date | null;
  paid: number;
}

const read = async (tx: Queryable, id: string) =>
  (await tx.query<Round>('SELECT * FROM probe_rounds WHERE id = $1', [id]))[0] ?? null;

describe('a state machine declaration', () => {
  it('knows its moves and final states, and refuses names that are not names or unknown states', () => {
    expect(canMove(ROUNDS, 'OPEN', 'HELD')).toBe(true);
    expect(canMove(ROUNDS, 'HELD', 'OPEN')).toBe(false);
    expect(canMove(ROUNDS, 'SETTLED', 'VOIDED')).toBe(false);
    expect(canMove(ROUNDS, 'toString', 'VOIDED')).toBe(false);
    expect(STATES.filter((state) => isFinal(ROUNDS, state))).toEqual(['SETTLED', 'VOIDED']);
    const spec = { ...ROUNDS, states: STATES, decidedAtColumn: null };
    expect(() => defineStateMachine({ ...spec, table: 'rounds; DROP TABLE x' })).toThrow(
      /not a column or table name/,
    );
    expect(() =>
      defineStateMachine<string>({ ...spec, refusal: () => '', moves: { OPEN: ['CLOSED'] } }),
    ).toThrow(/unknown state CLOSED/);
  });
});

describe.each(TEST_BACKENDS)('moving a row through its states on %s', async (backend) => {
  const db = await testDatabase(backend);
  await db.exec(`CREATE TABLE probe_rounds (
    id uuid PRIMARY KEY, kind text NOT NULL, status text NOT NULL, note text,
    decided_at timestamptz, paid integer NOT NULL DEFAULT 0)`);

  async function round(kind = 'ROUND'): Promise<string> {
    const id = randomUUID();
    await db.query(`INSERT INTO probe_rounds (id, kind, status) VALUES ($1, $2, 'OPEN')`, [
      id,
      kind,
    ]);
    return id;
  }

  /** The "money" of a move: counted on the row, so a move that ran twice shows. */
  const pay = (tx: Queryable) => async (row: Round) => {
    await tx.query('UPDATE probe_rounds SET paid = paid + 1 WHERE id = $1', [row.id]);
  };

  it('writes an allowed move with its columns, stamping the time only on a final state', async () => {
    const id = await round();
    const held = await db.transaction((tx) =>
      applyMove(tx, ROUNDS, { id, to: 'HELD', read, set: { note: 'checking' } }),
    );
    expect(held.before.status).toBe('OPEN');
    expect(held.after).toMatchObject({ status: 'HELD', note: 'checking', decided_at: null });
    const settled = await db.transaction((tx) =>
      applyMove(tx, ROUNDS, { id, to: () => 'SETTLED', read, effect: pay(tx) }),
    );
    expect(settled.after).toMatchObject({ status: 'SETTLED', note: 'checking', paid: 1 });
    expect(settled.after.decided_at).toBeInstanceOf(Date);
  });

  it('refuses a move the table does not allow, and a row of another machine, changing nothing', async () => {
    const id = await round();
    await db.transaction((tx) => applyMove(tx, ROUNDS, { id, to: 'VOIDED', read }));
    const refused = db.transaction((tx) =>
      applyMove(tx, ROUNDS, { id, to: 'SETTLED', read, effect: pay(tx) }),
    );
    await expect(refused).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This round was already voided.',
    });
    const other = await round('BONUS');
    const missing = db.transaction((tx) => applyMove(tx, ROUNDS, { id: other, to: 'HELD', read }));
    await expect(missing).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await read(db, id)).toMatchObject({ status: 'VOIDED', paid: 0 });
    expect(await read(db, other)).toMatchObject({ status: 'OPEN' });
  });

  it('leaves the row as it was when the guard says no or the effect fails', async () => {
    const id = await round();
    const declined = await db.transaction((tx) =>
      moveState(tx, ROUNDS, { id, to: 'SETTLED', read, guard: () => false, effect: pay(tx) }),
    );
    expect(declined).toMatchObject({ outcome: 'refused', row: { status: 'OPEN' } });
    const failing = db.transaction((tx) =>
      moveState(tx, ROUNDS, {
        id,
        to: 'SETTLED',
        read,
        effect: async (row) => {
          await pay(tx)(row);
          throw new ApiError('VALIDATION_FAILED', 'no money');
        },
      }),
    );
    await expect(failing).rejects.toThrow('no money');
    expect(await read(db, id)).toMatchObject({ status: 'OPEN', paid: 0, decided_at: null });
    await expect(
      db.transaction((tx) => moveState(tx, ROUNDS, { id, to: 'HELD', read, set: { status: 'X' } })),
    ).rejects.toThrow(/cannot set status/);
    const stamped = await db.transaction((tx) =>
      moveState(tx, ROUNDS, { id, to: 'HELD', read, set: { decided_at: NOW } }),
    );
    expect(stamped.outcome === 'moved' && stamped.after.decided_at).toBeInstanceOf(Date);
  });

  it('lets one of many racing decisions move a row, and its effect run once', async () => {
    const id = await round();
    const targets: State[] = ['SETTLED', 'VOIDED', 'SETTLED', 'HELD', 'VOIDED', 'SETTLED'];
    const results = await Promise.all(
      targets.map((to) =>
        db.transaction((tx) => moveState(tx, ROUNDS, { id, to, read, effect: pay(tx) })),
      ),
    );
    const moves = results.flatMap((result) =>
      result.outcome === 'moved' ? [[result.before.status, result.after.status] as const] : [],
    );
    for (const [from, to] of moves) expect(canMove(ROUNDS, from, to)).toBe(true);
    // Each state is left at most once, starting from OPEN: the moves are one path.
    const left = moves.map(([from]) => from);
    expect(new Set(left).size).toBe(left.length);
    expect(left).toContain('OPEN');
    const final = await read(db, id);
    expect(moves.map(([, to]) => to)).toContain(final?.status);
    expect(final?.paid).toBe(moves.length);
  });
});
