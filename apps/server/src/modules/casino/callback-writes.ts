/**
 * The one statement that commits a group of debits and credits, sent with COMMIT: it posts the
 * group's transfers (the ledger decides each under its player's locks), writes the rounds whose
 * money moved (callback-decisions.ts decided how), and keeps every callback's row with its
 * answer, once. A bet the cash does not cover is kept with its refusal and the cash as the ledger
 * found it, and writes no round. The statement fails, and its group with it, when a transfer was
 * posted meanwhile by a copy of its callback (a rival with the same transaction id), or a round
 * was opened or changed by a rival: nothing of the group is then written (callback-groups.ts).
 */
import type { CasinoWalletAnswer } from '@backlay/contract/casino-wallet';
import type { Queryable, Transaction } from '../../db/database';
import { casinoMovesCall, casinoMovesResults, type CasinoMovesRow } from '../wallet';
import { keptAnswer, type ClaimRequest, type Decision } from './callback-claims';
import type { Planned } from './callback-decisions';
import { roundWritesOf } from './rounds';

/** A callback of the group whose id was its own: what it asked, and what it decided. */
export interface GroupWrite {
  request: ClaimRequest;
  planned: Planned;
}

/** Why a group's statement fails when a rival posted one of its transfers first. */
export const POSTED_BY_A_RIVAL = 'casino transfers posted by a rival';

const OUTCOME_OF = (answer: CasinoWalletAnswer) => (answer.status === 'OK' ? 'OK' : answer.code);

/**
 * The statement, after the ledger's call ($1 to $9): `w` has a row per callback, `settled` adds
 * its posting (`posting`: its place in the ledger's order) and the answer kept, with the cash
 * the posting left the player (or, refused, found) as its balance.
 */
function statementOf(postingSql: string): string {
  return `WITH posted AS (${postingSql}),
  w AS (
    SELECT * FROM unnest($10::text[], $11::text[], $12::text[], $13::text[], $14::bigint[],
      $15::text[], $16::text[], $17::text[], $18::text[], $19::uuid[], $20::int[],
      $21::uuid[], $22::text[], $23::text[], $24::text[], $25::bigint[], $26::bigint[],
      $27::boolean[], $28::uuid[], $29::text[], $30::text[], $31::text[]) WITH ORDINALITY
      AS w (provider, transaction_id, kind, round_id, amount_minor, digest, outcome, answer,
        short_answer, round, posting, player, round_write, from_status, to_status, stake_minor,
        win_minor, closes, launch_id, domain, book, game_code, k)
  ),
  settled AS (
    SELECT w.*, p.*, w.posting IS NULL OR p.result = 'ok' AS done,
      CASE
        WHEN w.posting IS NULL THEN w.answer::jsonb
        -- What the player can bet now: their cash (open bets' exposure is held out of it). A
        -- posting without the player's figures leaves no answer, and the insert fails on it.
        WHEN p.result = 'ok' THEN jsonb_set(w.answer::jsonb, '{balanceMinor}', to_jsonb((
          SELECT (f ->> 'cash')::bigint
          FROM jsonb_array_elements(p.figures) AS f
          WHERE (f ->> 'owner')::uuid = w.player
        )))
        ELSE jsonb_set(w.short_answer::jsonb, '{balanceMinor}', to_jsonb(p.short_balance_minor))
      END AS kept_answer
    FROM w LEFT JOIN posted p ON p.n = w.posting
  ),
  ${roundWritesOf('settled')},
  kept AS (
    INSERT INTO casino_transactions (provider, transaction_id, kind, round_id, amount_minor,
      digest, outcome, answer, round)
    SELECT provider, transaction_id, kind, round_id, amount_minor, digest,
      CASE WHEN posting IS NULL THEN outcome WHEN done THEN 'OK' ELSE 'INSUFFICIENT_FUNDS' END,
      kept_answer, CASE WHEN done THEN round END
    -- In the order of the keys, as a rival group writes them: copies wait, never crosswise.
    FROM settled ORDER BY provider, transaction_id
    RETURNING 1
  ),
  checks AS MATERIALIZED (
    SELECT
      expect_rows((SELECT count(*) FROM settled
        WHERE posting IS NOT NULL AND result IS DISTINCT FROM 'ok'
          AND NOT (kind = 'debit' AND result = 'insufficient_funds')), 0, '${POSTED_BY_A_RIVAL}'),
      expect_rows((SELECT count(*) FROM opened) + (SELECT count(*) FROM moved),
        (SELECT count(*) FROM settled WHERE round_write IS NOT NULL AND done),
        'casino rounds written'),
      expect_rows((SELECT count(*) FROM kept), (SELECT count(*) FROM settled),
        'casino answers kept')
  )
  SELECT s.k, s.kept_answer, s.n, s.result, s.accounts, s.transfer, s.posted_at,
    s.transfer_domain, s.transfer_book, s.short_account, s.short_balance_minor, s.held_minor,
    s.figures
  FROM settled s CROSS JOIN checks
  ORDER BY s.k`;
}

const statements = new Map<string, string>();

type GroupRow = CasinoMovesRow & { k: number | string; kept_answer: unknown };

/**
 * Queues the group's statement to travel with COMMIT; once committed, each write's answer as
 * kept, in the order given, the postings' figures announced on `db`.
 */
export function writeAtCommit(
  tx: Transaction,
  db: Queryable,
  writes: readonly GroupWrite[],
): Promise<CasinoWalletAnswer[]> {
  // Each write's move, by its index among the moves.
  const posting = new Map<number, number>();
  const moves = writes.flatMap(({ planned }, i) => {
    if (planned.kind !== 'move') return [];
    posting.set(i, posting.size);
    return [planned.move];
  });
  const call = casinoMovesCall(moves);
  // The ledger numbers its postings in its own order (by player): each move's place there.
  const place = new Array<number>(moves.length);
  call.order.forEach((m, n) => {
    place[m] = n + 1;
  });
  let sql = statements.get(call.sql);
  if (!sql) {
    sql = statementOf(call.sql);
    statements.set(call.sql, sql);
  }
  const decisions = writes.map(({ planned }) =>
    planned.kind === 'move' ? planned.posted : planned.decision,
  );
  const column = <T>(of: (write: GroupWrite, decision: Decision, i: number) => T) =>
    writes.map((write, i) => of(write, decisions[i] as Decision, i));
  const roundColumn = <T>(of: (round: NonNullable<Decision['roundWrite']>) => T | null) =>
    column((_, decision) => (decision.roundWrite ? of(decision.roundWrite) : null));
  const read = tx.readAtCommit<GroupRow>(sql, [
    ...call.params,
    column(({ request }) => request.provider),
    column(({ request }) => request.transactionId),
    column(({ request }) => request.kind),
    column(({ request }) => request.roundId),
    column(({ request }) => request.amountMinor),
    column(({ request }) => request.digest),
    column((_, decision) => OUTCOME_OF(decision.answer)),
    column((_, decision) => JSON.stringify(decision.answer)),
    column(({ planned }) =>
      planned.kind === 'move' && planned.short ? JSON.stringify(planned.short) : null,
    ),
    column((_, decision) => decision.round),
    column((_, _decision, i) => {
      const m = posting.get(i);
      return m === undefined ? null : (place[m] ?? null);
    }),
    column(({ planned }) => (planned.kind === 'move' ? planned.move.ownerId : null)),
    roundColumn((round) => round.kind),
    roundColumn((round) => (round.kind === 'move' ? round.from : null)),
    roundColumn((round) => (round.kind === 'move' ? round.to : 'OPEN')),
    roundColumn((round) => round.stakeMinor),
    roundColumn((round) => (round.kind === 'move' ? round.winMinor : 0)),
    roundColumn((round) => (round.kind === 'move' ? round.closes : false)),
    roundColumn((round) => (round.kind === 'open' ? round.launchId : null)),
    roundColumn((round) => (round.kind === 'open' ? round.domain : null)),
    roundColumn((round) => (round.kind === 'open' ? round.book : null)),
    roundColumn((round) => (round.kind === 'open' ? round.gameCode : null)),
  ]);
  const answers = read.then(async (rows) => {
    if (rows.length !== writes.length) throw new Error('a casino callback lost its row');
    const postings = rows.filter((row) => row.n !== null).sort((a, b) => Number(a.n) - Number(b.n));
    // The rows came after their COMMIT: the figures are announced at once.
    await casinoMovesResults(db, call, postings);
    return rows.map((row, k) => {
      if (Number(row.k) !== k + 1) throw new Error('casino callbacks out of order');
      return keptAnswer(row.kept_answer);
    });
  });
  // A group that fails is reported by its transaction: these answers are then never read.
  answers.catch(() => undefined);
  return answers;
}
