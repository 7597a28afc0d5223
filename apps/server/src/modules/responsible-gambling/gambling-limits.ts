/**
 * A player's own deposit and loss limits, per 24 hours, 7 days and 30 days (rolling windows).
 * Lowering a limit (or setting one) applies at once; raising or removing one applies after
 * `LIMIT_INCREASE_WAIT_HOURS`, and saving the same raise again does not restart the wait. Once
 * a player sets any, they have six rows, locked together (in one order) by every change and by
 * every deposit counted against them, so parallel deposits cannot pass a limit together.
 *
 * What counts: deposits asked for or made in the window (the payments module says how much,
 * through `DepositedSince`); for a loss limit, the net loss of bets settled in the window plus
 * the liability of open bets, so no bet can take the possible loss past the limit. Casino play
 * counts too: what its bets, wins and refunds in the window did to the player's cash (the
 * wallet's `casinoResultSince`), so a stake still in an open round counts as lost until a
 * win or a refund comes back.
 */
import {
  LIMIT_INCREASE_WAIT_HOURS,
  LIMIT_WINDOW_HOURS,
  LIMIT_WINDOWS,
  type GamblingLimit,
  type GamblingSettings,
  type LimitWindow,
  type SetGamblingLimits,
} from '@backlay/contract/responsible-gambling';
import { fromMinorUnits, toMinorUnits } from '@backlay/exchange/money';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { Player } from '../../http/api-route';
import { recordActivity, setLossLimited, type ActivityOrigin } from '../account';
import { bookOf, casinoResultSince, formatRupees, getBalances, toMinor } from '../wallet';

export type LimitKind = 'DEPOSIT' | 'LOSS';

/**
 * How much the player deposited (asked for or made) since a time, in minor units, as it stands
 * at `now` (a payment that could still be paid counts until it can no longer be).
 */
export type DepositedSince = (
  db: Queryable,
  ownerId: string,
  since: Date,
  now: Date,
) => Promise<number>;

/**
 * What the player's bets settled since a time made them, net of commission, in minor units
 * (negative: a loss). The exchange says, from its record of each market's settlement.
 */
export type SettledResultSince = (db: Queryable, ownerId: string, since: Date) => Promise<number>;

/** Where the player's usage comes from: the payments module's deposits, the exchange's results. */
export interface GamblingUsage {
  depositedSince: DepositedSince;
  settledResultSince: SettledResultSince;
}

interface LimitRow {
  kind: LimitKind;
  time_window: LimitWindow;
  amount_minor: string | number | null;
  pending_amount_minor: string | number | null;
  pending_from: Date | null;
}

/** A limit at a moment: in force, and a raise or removal still waiting. */
interface LimitState {
  amountMinor: number | null;
  pending: { amountMinor: number | null; from: Date } | null;
}

const WINDOW_NAMES: Record<LimitWindow, string> = {
  day: '24-hour',
  week: '7-day',
  month: '30-day',
};
const HOUR_MS = 3_600_000;

const orNull = (value: string | number | null) => (value === null ? null : toMinor(value));

/** The state of a row at `now`: a waiting change whose time has come is in force. */
function stateAt(row: LimitRow | undefined, now: Date): LimitState {
  if (!row) return { amountMinor: null, pending: null };
  const pendingAmount = orNull(row.pending_amount_minor);
  if (row.pending_from && row.pending_from <= now)
    return { amountMinor: pendingAmount, pending: null };
  return {
    amountMinor: orNull(row.amount_minor),
    pending: row.pending_from ? { amountMinor: pendingAmount, from: row.pending_from } : null,
  };
}

/**
 * The player's net result since a time, in minor units (negative: a loss): settled bets (as
 * the caller's `settledResultSince` says) plus casino play.
 */
async function resultSince(
  db: Queryable,
  player: Pick<Player, 'id' | 'domain' | 'demo'>,
  settledResultSince: SettledResultSince,
  since: Date,
): Promise<number> {
  const ref = { domain: player.domain, ownerId: player.id, book: bookOf(player) };
  return (
    (await settledResultSince(db, player.id, since)) + (await casinoResultSince(db, ref, since))
  );
}

export function windowStart(window: LimitWindow, now: Date): Date {
  return new Date(now.getTime() - LIMIT_WINDOW_HOURS[window] * HOUR_MS);
}

/** Describes a limit for people: `24-hour deposit limit`. */
export function limitName(kind: LimitKind, window: LimitWindow): string {
  return `${WINDOW_NAMES[window]} ${kind === 'DEPOSIT' ? 'deposit' : 'loss'} limit`;
}

async function readLimitRows(
  db: Queryable,
  userId: string,
  kind: LimitKind | null,
  lock: boolean,
): Promise<LimitRow[]> {
  return db.query<LimitRow>(
    `SELECT kind, time_window, amount_minor, pending_amount_minor, pending_from
     FROM gambling_limits WHERE user_id = $1 AND ($2::text IS NULL OR kind = $2)
     ORDER BY kind, time_window ${lock ? 'FOR UPDATE' : ''}`,
    [userId, kind],
  );
}

function rowOf(rows: LimitRow[], kind: LimitKind, window: LimitWindow) {
  return rows.find((row) => row.kind === kind && row.time_window === window);
}

/** What the player asked a limit to become: the same, lower at once, or higher after the wait. */
function decide(state: LimitState, requested: number | null, now: Date): LimitState {
  const current = state.amountMinor;
  if (requested === current) return { amountMinor: current, pending: null };
  const lower = requested !== null && (current === null || requested < current);
  if (lower) return { amountMinor: requested, pending: null };
  // The same raise saved again keeps its original time.
  if (state.pending && state.pending.amountMinor === requested) return state;
  return {
    amountMinor: current,
    pending: {
      amountMinor: requested,
      from: new Date(now.getTime() + LIMIT_INCREASE_WAIT_HOURS * HOUR_MS),
    },
  };
}

const sameState = (a: LimitState, b: LimitState) =>
  a.amountMinor === b.amountMinor &&
  a.pending?.amountMinor === b.pending?.amountMinor &&
  a.pending?.from.getTime() === b.pending?.from.getTime();

/** `ResponsibleGambling/SetLimits`: all six limits as the player wants them. */
export async function setGamblingLimits(
  db: Database,
  player: Player,
  request: SetGamblingLimits,
  now: Date,
  origin: ActivityOrigin,
): Promise<void> {
  await db.transaction(async (tx) => {
    let changed = false;
    await tx.query(
      `INSERT INTO gambling_limits (user_id, kind, time_window, updated_at)
       SELECT $1, k, w, $2 FROM unnest(ARRAY['DEPOSIT', 'LOSS']) k, unnest($3::text[]) w
       ON CONFLICT DO NOTHING`,
      [player.id, now, LIMIT_WINDOWS],
    );
    const rows = await readLimitRows(tx, player.id, null, true);
    let lossLimited = false;
    for (const kind of ['DEPOSIT', 'LOSS'] as const) {
      const asked = kind === 'DEPOSIT' ? request.deposit : request.loss;
      for (const window of LIMIT_WINDOWS) {
        const requested = asked[window] === null ? null : toMinorUnits(asked[window]);
        const before = stateAt(rowOf(rows, kind, window), now);
        const after = decide(before, requested, now);
        if (kind === 'LOSS' && (after.amountMinor !== null || after.pending)) lossLimited = true;
        if (sameState(before, after) && !rowOf(rows, kind, window)?.pending_from) continue;
        await tx.query(
          `UPDATE gambling_limits SET amount_minor = $4, pending_amount_minor = $5,
             pending_from = $6, updated_at = $7
           WHERE user_id = $1 AND kind = $2 AND time_window = $3`,
          [
            player.id,
            kind,
            window,
            after.amountMinor,
            after.pending?.amountMinor ?? null,
            after.pending?.from ?? null,
            now,
          ],
        );
        // A change the player made (not a waiting one coming due, nor one withdrawn).
        const made =
          after.amountMinor !== before.amountMinor
            ? { to: after.amountMinor, at: now }
            : after.pending && after.pending !== before.pending
              ? { to: after.pending.amountMinor, at: after.pending.from }
              : null;
        if (made) {
          changed = true;
          await tx.query(
            `INSERT INTO gambling_limit_changes
               (user_id, kind, time_window, from_minor, to_minor, applies_at, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [player.id, kind, window, before.amountMinor, made.to, made.at, now],
          );
        }
      }
    }
    await setLossLimited(tx, player, lossLimited);
    // The player's activity log names the change, with where it was made from.
    if (changed) await recordActivity(tx, player, 'LIMITS_CHANGED', origin, now);
  });
}

/** The player's limits as they see them, with what each window used so far. */
export async function gamblingSettings(
  db: Queryable,
  player: Pick<Player, 'id' | 'domain' | 'demo'>,
  usage: GamblingUsage,
  now: Date,
): Promise<GamblingSettings> {
  const rows = await readLimitRows(db, player.id, null, false);
  const ref = { domain: player.domain, ownerId: player.id, book: bookOf(player) };
  const view = async (kind: LimitKind, window: LimitWindow): Promise<GamblingLimit> => {
    const state = stateAt(rowOf(rows, kind, window), now);
    const since = windowStart(window, now);
    const usedMinor =
      kind === 'DEPOSIT'
        ? await usage.depositedSince(db, player.id, since, now)
        : Math.max(0, -(await resultSince(db, player, usage.settledResultSince, since)));
    return {
      amount: state.amountMinor === null ? null : fromMinorUnits(state.amountMinor),
      pending: state.pending
        ? {
            amount:
              state.pending.amountMinor === null ? null : fromMinorUnits(state.pending.amountMinor),
            from: state.pending.from.toISOString(),
          }
        : null,
      used: fromMinorUnits(usedMinor),
    };
  };
  const windows = async (kind: LimitKind) => ({
    day: await view(kind, 'day'),
    week: await view(kind, 'week'),
    month: await view(kind, 'month'),
  });
  const balances = await getBalances(db, ref);
  return {
    deposit: await windows('DEPOSIT'),
    loss: await windows('LOSS'),
    openLiability: fromMinorUnits(balances.exposureMinor),
  };
}

/**
 * What the player's deposit limits leave to deposit now, in minor units (never below zero), and
 * the limit that leaves the least; null when they set none. `lock` holds their limit rows for the
 * caller's transaction, so a deposit checked here and written there cannot race another.
 */
async function depositRoom(
  db: Queryable,
  ownerId: string,
  depositedSince: DepositedSince,
  now: Date,
  lock: boolean,
): Promise<{ roomMinor: number; window: LimitWindow; limitMinor: number } | null> {
  const rows = await readLimitRows(db, ownerId, 'DEPOSIT', lock);
  let tightest: { roomMinor: number; window: LimitWindow; limitMinor: number } | null = null;
  for (const window of LIMIT_WINDOWS) {
    const limitMinor = stateAt(rowOf(rows, 'DEPOSIT', window), now).amountMinor;
    if (limitMinor === null) continue;
    const used = await depositedSince(db, ownerId, windowStart(window, now), now);
    const roomMinor = Math.max(0, limitMinor - used);
    if (!tightest || roomMinor < tightest.roomMinor) tightest = { roomMinor, window, limitMinor };
  }
  return tightest;
}

/** What the player may still deposit under their own limits (minor units), or null: no limit. */
export async function depositAllowance(
  db: Queryable,
  ownerId: string,
  depositedSince: DepositedSince,
  now: Date,
): Promise<number | null> {
  return (await depositRoom(db, ownerId, depositedSince, now, false))?.roomMinor ?? null;
}

/**
 * Refuses a deposit the player's own limits do not leave room for, in the transaction that will
 * record it (their limit rows stay locked until it ends).
 */
export async function assertDepositAllowed(
  tx: Queryable,
  ownerId: string,
  amountMinor: number,
  depositedSince: DepositedSince,
  now: Date,
): Promise<void> {
  const room = await depositRoom(tx, ownerId, depositedSince, now, true);
  if (!room || amountMinor <= room.roomMinor) return;
  const name = limitName('DEPOSIT', room.window);
  throw new ApiError(
    'VALIDATION_FAILED',
    room.roomMinor > 0
      ? `This deposit would take you over your ${name} of ${formatRupees(room.limitMinor)}. You can deposit up to ${formatRupees(room.roomMinor)} now.`
      : `You have reached your ${name} of ${formatRupees(room.limitMinor)}. You can deposit again once earlier deposits are more than ${LIMIT_WINDOW_HOURS[room.window] / 24 === 1 ? '24 hours' : `${LIMIT_WINDOW_HOURS[room.window] / 24} days`} old.`,
  );
}

/**
 * Why a bet just held would take the player's possible loss past one of their loss limits, or
 * null. Run in the bet's transaction after its hold: the player's accounts are locked by it, so
 * the exposure read includes this bet and no parallel bet of theirs.
 */
export async function lossLimitBreach(
  tx: Queryable,
  player: Pick<Player, 'id' | 'domain' | 'demo'>,
  settledResultSince: SettledResultSince,
  now: Date,
): Promise<string | null> {
  const rows = await readLimitRows(tx, player.id, 'LOSS', false);
  const ref = { domain: player.domain, ownerId: player.id, book: bookOf(player) };
  let exposureMinor: number | null = null;
  for (const window of LIMIT_WINDOWS) {
    const limitMinor = stateAt(rowOf(rows, 'LOSS', window), now).amountMinor;
    if (limitMinor === null) continue;
    exposureMinor ??= (await getBalances(tx, ref)).exposureMinor;
    const lostMinor = Math.max(
      0,
      -(await resultSince(tx, player, settledResultSince, windowStart(window, now))),
    );
    if (lostMinor + exposureMinor > limitMinor) {
      return `This bet would take what you could lose past your ${limitName('LOSS', window)} of ${formatRupees(limitMinor)}: you have lost ${formatRupees(lostMinor)} net in that time, and your open bets including this one could lose ${formatRupees(exposureMinor)}.`;
    }
  }
  return null;
}

/** The changes a player made to their limits, newest first, as operators read them. */
export async function limitChanges(
  db: Queryable,
  userId: string,
  count: number,
): Promise<
  {
    at: Date;
    kind: LimitKind;
    window: LimitWindow;
    from: number | null;
    to: number | null;
    appliesAt: Date;
  }[]
> {
  const rows = await db.query<{
    kind: LimitKind;
    time_window: LimitWindow;
    from_minor: string | number | null;
    to_minor: string | number | null;
    applies_at: Date;
    created_at: Date;
  }>(
    `SELECT kind, time_window, from_minor, to_minor, applies_at, created_at
     FROM gambling_limit_changes WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, count],
  );
  return rows.map((row) => ({
    at: row.created_at,
    kind: row.kind,
    window: row.time_window,
    from: orNull(row.from_minor),
    to: orNull(row.to_minor),
    appliesAt: row.applies_at,
  }));
}
