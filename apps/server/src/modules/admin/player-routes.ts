/**
 * Operators' player calls: search, a player's page, locks, stake limits, a forced password
 * change and notes. Every player read or changed must belong to a brand the operator's role
 * covers (403 otherwise), and every change is audited in its own transaction.
 */
import type { FastifyInstance } from 'fastify';
import * as calls from '@backlay/contract/admin-calls';
import { fromMinorUnits, toMinorUnits } from '@backlay/exchange/money';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import {
  addPlayerNote,
  forcePasswordReset,
  playerLimits,
  playerLoginAttempts,
  playerNotes,
  playerProfile,
  playerSessions,
  searchPlayers,
  setBettingLock,
  setLoginLock,
  setPlayerMaxStake,
  type PlayerProfile,
} from '../account';
import { playerRecentBets, settledResultSince } from '../exchange';
import { depositedSince } from '../payments';
import { playerResponsibleGambling } from '../responsible-gambling';
import type { Hub } from '../hub';
import { bookOf, getBalances, playerStatement } from '../wallet';
import { assertCoversBrand, defineAdminRoute } from './admin-route';
import { writeAudit } from './audit-log';
import type { SignedInOperator } from './operator-sessions';

const NO_PLAYER = 'There is no such player.';
const SHOWN = { bets: 100, statement: 100, loginAttempts: 50 } as const;
/** What a player whose login an operator locked reads when their connection closes. */
const LOGIN_LOCKED_CLOSE = 'This account is disabled. Please contact support.';

export function playerRoutes(
  app: FastifyInstance,
  { db, hub, now }: { db: Database; hub: Hub; now: () => Date },
) {
  /** The player's profile, if the operator's role covers their brand (404 / 403 otherwise). */
  async function visiblePlayer(
    q: Queryable,
    operator: SignedInOperator,
    playerId: string,
  ): Promise<PlayerProfile> {
    const profile = await playerProfile(q, playerId);
    if (!profile) throw new ApiError('NOT_FOUND', NO_PLAYER);
    assertCoversBrand(operator, profile.domain);
    return profile;
  }

  /** Runs one change of a visible player and its audit entry in one transaction. */
  function changePlayer<T>(
    caller: { operator: SignedInOperator; ip: string },
    playerId: string,
    action: string,
    work: (tx: Queryable) => Promise<{ answer: T; before: unknown; after: unknown } | null>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const profile = await visiblePlayer(tx, caller.operator, playerId);
      const done = await work(tx);
      if (!done) throw new ApiError('NOT_FOUND', NO_PLAYER);
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action,
        brand: profile.domain,
        targetType: 'player',
        targetId: playerId,
        before: done.before,
        after: done.after,
      });
      return done.answer;
    });
  }

  defineAdminRoute(app, calls.searchPlayersRoute, (input, caller) =>
    searchPlayers(db, { ...input, brands: caller.operator.brands ?? 'all' }),
  );

  defineAdminRoute(app, calls.playerDetailRoute, async (input, caller) => {
    const profile = await visiblePlayer(db, caller.operator, input.playerId);
    const ref = { domain: profile.domain, ownerId: profile.id, book: bookOf(profile) };
    const [balances, limits, responsibleGambling, notes, sessions, loginAttempts, bets, statement] =
      await Promise.all([
        getBalances(db, ref),
        playerLimits(db, profile.id),
        playerResponsibleGambling(
          db,
          { ...profile, demo: profile.demo },
          { depositedSince, settledResultSince },
          now(),
        ),
        playerNotes(db, profile.id),
        playerSessions(db, profile.id, now()),
        playerLoginAttempts(db, profile.id, SHOWN.loginAttempts),
        playerRecentBets(db, profile.id, SHOWN.bets),
        playerStatement(db, ref, SHOWN.statement),
      ]);
    const connections = hub
      .online({ playerId: profile.id })
      .entries.filter((entry) => entry.domain === profile.domain)
      .map((entry) => ({ page: entry.currentPage, since: entry.connectedAt.toISOString() }));
    return {
      profile,
      balances: {
        cash: fromMinorUnits(balances.balanceMinor),
        exposure: fromMinorUnits(balances.exposureMinor),
        bonus: fromMinorUnits(balances.bonusMinor),
        available: fromMinorUnits(balances.availableMinor),
      },
      limits: limits ?? { maxStake: null },
      responsibleGambling,
      notes,
      sessions,
      connections,
      loginAttempts,
      bets,
      statement,
    };
  });

  defineAdminRoute(app, calls.lockPlayerRoute, async (input, caller) => {
    const action = `player.${input.locked ? 'lock' : 'unlock'}-${input.lock}`;
    const changed = await changePlayer(caller, input.playerId, action, async (tx) => {
      const change =
        input.lock === 'betting'
          ? await setBettingLock(tx, input.playerId, input.locked)
          : await setLoginLock(tx, input.playerId, input.locked, now());
      return (
        change && {
          answer: change,
          before: change.before,
          after: { ...change.after, reason: input.reason },
        }
      );
    });
    // A login lock also closes the player's live connections, on every instance.
    if (changed.signedOut) {
      await hub.closePlayer(changed.after.domain, changed.after.id, LOGIN_LOCKED_CLOSE);
    }
    return changed.after;
  });

  defineAdminRoute(app, calls.forcePasswordResetRoute, async (input, caller) => {
    const changed = await changePlayer(
      caller,
      input.playerId,
      'player.force-password-reset',
      async (tx) => {
        const change = await forcePasswordReset(tx, input.playerId, now());
        return (
          change && {
            answer: change,
            before: change.before,
            after: { ...change.after, reason: input.reason },
          }
        );
      },
    );
    await hub.closePlayer(changed.after.domain, changed.after.id, 'Please set a new password.');
    return changed.after;
  });

  defineAdminRoute(app, calls.setPlayerLimitsRoute, (input, caller) =>
    changePlayer(caller, input.playerId, 'player.set-limits', async (tx) => {
      const change = await setPlayerMaxStake(
        tx,
        input.playerId,
        input.maxStake === null ? null : toMinorUnits(input.maxStake),
      );
      return (
        change && {
          answer: change.after,
          before: change.before,
          after: { ...change.after, reason: input.reason },
        }
      );
    }),
  );

  defineAdminRoute(app, calls.addPlayerNoteRoute, (input, caller) =>
    changePlayer(caller, input.playerId, 'player.add-note', async (tx) => {
      const note = await addPlayerNote(tx, {
        playerId: input.playerId,
        operatorId: caller.operator.id,
        operatorName: caller.operator.userName,
        text: input.text,
      });
      return note && { answer: note, before: null, after: { text: note.text } };
    }),
  );
}
