/**
 * Operators' sign-in, enrolment and management. An operator is created without a password:
 * they set it, with a TOTP secret, through a one-time enrolment link (a fresh install's first
 * owner gets theirs from `npm run admin -- create-owner <name>`), so there is never a default
 * password. Sign-in asks for the password and a TOTP code (or a recovery code, once), under the
 * same atomic attempt limits as players' logins.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { BrandScope, OperatorMe, Role } from '@backlay/contract/admin';
import { ROLE_PERMISSIONS } from '@backlay/contract/admin';
import { TEST_BRAND } from '@backlay/contract/admin-brands';
import { findDomain, REGISTRY, type DomainRegistry } from '@backlay/domains/registry';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../account';
import { LimitRefusal, type LimitName, type RateLimits } from '../limits';
import { writeAudit, type AuditRecord } from './audit-log';
import {
  claimTotpStep,
  clearEnrolment,
  completeEnrolment,
  findOpenEnrolment,
  findOperatorById,
  findOperatorByName,
  insertEnrolment,
  insertOperator,
  isKnownAddress,
  operatorView,
  updateOperatorRole,
  useRecoveryCode,
  type OperatorRow,
} from './operator-store';
import {
  revokeOperatorSessions,
  startOperatorSession,
  type SignedInOperator,
} from './operator-sessions';
import {
  isTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  recoveryCodeHash,
  sealSecret,
  totpEnrolment,
  totpStepOf,
} from './second-factor';

/** How long an enrolment link stays good. */
export const ENROLMENT_HOURS = 24;
/** Where the console's enrolment page is; the token rides in the fragment, never in a log. */
export const ENROLMENT_PAGE = '/admin/enrol';
const KNOWN_ADDRESS_DAYS = 30;
/** The brand of test and preview hosts (players signed up on them belong to it). */
const TEST_DOMAIN = TEST_BRAND;

export const OPERATOR_MESSAGES = {
  badCredentials: 'The name, password or code is not right.',
  disabled: 'This operator account is disabled.',
  linkGone: 'This enrolment link has been used or has expired. Ask an owner for a new one.',
  badCode: 'That code is not right. Check the time on your phone and try the newest code.',
  nameTaken: 'An operator with that name exists already.',
  notFound: 'There is no such operator.',
  notYourself: 'You cannot change your own role or lock yourself out; ask another owner.',
  ownerBrands: 'An owner covers every brand.',
  unknownBrand: 'There is no such brand:',
} as const;

export interface Caller {
  ip: string;
  browser: string;
}

export interface OperatorServiceDeps {
  db: Database;
  tokenKey: Buffer;
  limits: Pick<RateLimits, 'take' | 'giveBack'>;
  now?: () => Date;
  /** The brands that exist now, which an operator's brand scope may name. */
  registry?: () => DomainRegistry;
}

function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The contract's brand scope as stored: null for every brand. */
export function storedBrands(
  role: Role,
  brands: BrandScope,
  registry: DomainRegistry = REGISTRY,
): string[] | null {
  if (brands === 'all') return null;
  if (role === 'owner') throw new ApiError('VALIDATION_FAILED', OPERATOR_MESSAGES.ownerBrands);
  const domains = [...new Set(brands.map((b) => b.toLowerCase()))].sort();
  const unknown = domains.filter((d) => d !== TEST_DOMAIN && findDomain(d, registry)?.domain !== d);
  if (unknown.length > 0) {
    throw new ApiError(
      'VALIDATION_FAILED',
      `${OPERATOR_MESSAGES.unknownBrand} ${unknown.join(', ')}`,
    );
  }
  return domains;
}

/** The signed-in operator's own view, with what their role allows and every brand there is. */
export function operatorMe(row: OperatorRow, registry: DomainRegistry): OperatorMe {
  return {
    ...operatorView(row),
    permissions: [...ROLE_PERMISSIONS[row.role]],
    allBrands: registry.domains.map((entry) => entry.domain).sort(),
  };
}

export function createOperatorService(deps: OperatorServiceDeps) {
  const { db, tokenKey, limits } = deps;
  const now = deps.now ?? (() => new Date());
  const registry = deps.registry ?? (() => REGISTRY);

  /** A new enrolment link for an operator, with a new TOTP secret waiting in it. */
  async function issueEnrolment(tx: Queryable, operatorId: string, at: Date) {
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(at.getTime() + ENROLMENT_HOURS * 3_600_000);
    await insertEnrolment(tx, {
      tokenHash: hashLinkToken(token),
      operatorId,
      secretSealed: sealSecret(tokenKey, newTotpSecret()),
      expiresAt,
    });
    return { enrolmentPath: `${ENROLMENT_PAGE}#${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** Creates an operator with an enrolment link, audited as `by`'s action. */
  function create(
    operator: { userName: string; role: Role; brands: string[] | null },
    by: Pick<AuditRecord, 'operator' | 'operatorName' | 'ip'>,
  ) {
    return db.transaction(async (tx) => {
      const row = await insertOperator(tx, operator);
      if (!row) throw new ApiError('CONFLICT', OPERATOR_MESSAGES.nameTaken);
      const link = await issueEnrolment(tx, row.id, now());
      await writeAudit(tx, {
        ...by,
        action: 'operator.create',
        brand: null,
        targetType: 'operator',
        targetId: row.id,
        after: operatorView(row),
      });
      return { operator: operatorView(row), ...link };
    });
  }

  async function takeSignInLimits(userName: string, caller: Caller) {
    const name = userName.toLowerCase();
    const known = await isKnownAddress(
      db,
      name,
      caller.ip,
      new Date(now().getTime() - KNOWN_ADDRESS_DAYS * 86_400_000),
    );
    // As players' logins: an address the operator signed in from lately has a count of its own.
    const accountAddress = `operator:${name}|${caller.ip}`;
    const uses: [LimitName, string][] = known
      ? [
          ['loginKnownAddress', accountAddress],
          ['loginAddress', `operator:${caller.ip}`],
        ]
      : [
          ['loginAccountAddress', accountAddress],
          ['loginAddress', `operator:${caller.ip}`],
          ['loginAccount', `operator:${name}`],
        ];
    const taken: [LimitName, string][] = [];
    try {
      for (const use of uses) {
        await limits.take(...use);
        taken.push(use);
      }
    } catch (error) {
      await Promise.all(taken.map((use) => limits.giveBack(...use)));
      if (error instanceof LimitRefusal && error.firstInWindow) {
        await writeAudit(db, {
          operator: null,
          operatorName: userName,
          ip: caller.ip,
          action: 'session.sign-in-blocked',
          brand: null,
          targetType: 'operator',
          targetId: name,
        });
      }
      throw error;
    }
    return uses;
  }

  /** Checks the second factor; true when it signs in (a TOTP step or recovery code used up). */
  async function secondFactorPasses(operator: OperatorRow, code: string, at: Date) {
    if (isTotpCode(code)) {
      if (!operator.totp_secret_sealed) return { ok: false, recoveryCodesLeft: null };
      const step = totpStepOf(openSecret(tokenKey, operator.totp_secret_sealed), code, at);
      const ok = step !== null && (await claimTotpStep(db, operator.id, step));
      return { ok, recoveryCodesLeft: null };
    }
    const left = await useRecoveryCode(db, operator.id, recoveryCodeHash(operator.id, code));
    return { ok: left !== null, recoveryCodesLeft: left };
  }

  return {
    async signIn(input: { userName: string; password: string; code: string }, caller: Caller) {
      const uses = await takeSignInLimits(input.userName, caller);
      const operator = await findOperatorByName(db, input.userName);
      const passwordOk = await verifyPassword(
        operator?.password_hash ?? (await decoyPasswordHash()),
        input.password,
      );
      const at = now();
      const factor =
        operator && passwordOk
          ? await secondFactorPasses(operator, input.code, at)
          : { ok: false, recoveryCodesLeft: null };
      if (!operator || !passwordOk || !factor.ok) {
        await writeAudit(db, {
          operator: operator ? { id: operator.id, userName: operator.user_name } : null,
          operatorName: input.userName,
          ip: caller.ip,
          action: 'session.sign-in-failed',
          brand: null,
          targetType: 'operator',
          targetId: operator?.id ?? input.userName.toLowerCase(),
          after: { failed: !operator || !passwordOk ? 'password' : 'code' },
        });
        throw new ApiError('VALIDATION_FAILED', OPERATOR_MESSAGES.badCredentials);
      }
      // Only failures count against the limits.
      await Promise.all(uses.map((use) => limits.giveBack(...use)));
      if (operator.disabled) {
        await writeAudit(db, {
          operator: { id: operator.id, userName: operator.user_name },
          ip: caller.ip,
          action: 'session.sign-in-refused',
          brand: null,
          targetType: 'operator',
          targetId: operator.id,
          after: { disabled: true },
        });
        throw new ApiError('FORBIDDEN', OPERATOR_MESSAGES.disabled);
      }
      const session = await db.transaction(async (tx) => {
        const started = await startOperatorSession(tx, operator.id, caller, at);
        await writeAudit(tx, {
          operator: { id: operator.id, userName: operator.user_name },
          ip: caller.ip,
          action: 'session.sign-in',
          brand: null,
          targetType: 'operator',
          targetId: operator.id,
          after: {
            secondFactor: factor.recoveryCodesLeft === null ? 'totp' : 'recovery code',
            ...(factor.recoveryCodesLeft === null
              ? {}
              : { recoveryCodesLeft: factor.recoveryCodesLeft }),
          },
        });
        return started;
      });
      const signedIn = await findOperatorById(db, operator.id);
      if (!signedIn) throw new Error('the operator vanished while signing in');
      return {
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
        operator: operatorMe(signedIn, registry()),
        recoveryCodesLeft: factor.recoveryCodesLeft,
      };
    },

    /** What the enrolment page shows: the operator, and the secret as a URI and a QR code. */
    async enrolment(token: string) {
      const at = now();
      const link = await findOpenEnrolment(db, hashLinkToken(token), at);
      const operator = link && (await findOperatorById(db, link.operator_id));
      if (!link || !operator) throw new ApiError('NOT_FOUND', OPERATOR_MESSAGES.linkGone);
      const secret = openSecret(tokenKey, link.totp_secret_sealed);
      return {
        userName: operator.user_name,
        role: operator.role,
        ...totpEnrolment(operator.user_name, secret),
        secret,
        expiresAt: link.expires_at.toISOString(),
      };
    },

    /**
     * Completes an enrolment: the link is used once (locked while it is checked), the code
     * proves the app holds the secret, and the recovery codes are shown this once only.
     */
    async completeEnrolment(
      input: { token: string; password: string; code: string },
      caller: Caller,
    ) {
      const passwordHash = await hashPassword(input.password);
      const recoveryCodes = newRecoveryCodes();
      const tokenHash = hashLinkToken(input.token);
      await db.transaction(async (tx) => {
        const at = now();
        const link = await findOpenEnrolment(tx, tokenHash, at, true);
        const operator = link && (await findOperatorById(tx, link.operator_id, true));
        if (!link || !operator) throw new ApiError('NOT_FOUND', OPERATOR_MESSAGES.linkGone);
        const step = totpStepOf(openSecret(tokenKey, link.totp_secret_sealed), input.code, at);
        if (step === null) throw new ApiError('VALIDATION_FAILED', OPERATOR_MESSAGES.badCode);
        await completeEnrolment(tx, {
          tokenHash,
          operatorId: operator.id,
          passwordHash,
          secretSealed: link.totp_secret_sealed,
          // The code that enrolled cannot also sign in.
          totpStep: step,
          recoveryCodeHashes: recoveryCodes.map((code) => recoveryCodeHash(operator.id, code)),
          at,
        });
        await writeAudit(tx, {
          operator: { id: operator.id, userName: operator.user_name },
          ip: caller.ip,
          action: 'operator.enrolled',
          brand: null,
          targetType: 'operator',
          targetId: operator.id,
          after: { enrolled: true },
        });
      });
      return { recoveryCodes };
    },

    /** Creates an owner from the command line (no operator acts): the link is printed. */
    /** The signed-in operator's own view (`session/me`). */
    me(row: OperatorRow): OperatorMe {
      return operatorMe(row, registry());
    },

    createOwner(userName: string) {
      return create(
        { userName, role: 'owner', brands: null },
        { operator: null, operatorName: 'command line', ip: 'local' },
      );
    },

    createOperator(
      actor: SignedInOperator,
      caller: Caller,
      input: { userName: string; role: Role; brands: BrandScope },
    ) {
      return create(
        { ...input, brands: storedBrands(input.role, input.brands, registry()) },
        { operator: actor, ip: caller.ip },
      );
    },

    async updateOperator(
      actor: SignedInOperator,
      caller: Caller,
      input: { operatorId: string; role: Role; brands: BrandScope; disabled: boolean },
    ) {
      const brands = storedBrands(input.role, input.brands, registry());
      return db.transaction(async (tx) => {
        const before = await findOperatorById(tx, input.operatorId, true);
        if (!before) throw new ApiError('NOT_FOUND', OPERATOR_MESSAGES.notFound);
        if (before.id === actor.id && (input.role !== before.role || input.disabled)) {
          throw new ApiError('CONFLICT', OPERATOR_MESSAGES.notYourself);
        }
        const after = await updateOperatorRole(tx, before.id, {
          role: input.role,
          brands,
          disabled: input.disabled,
        });
        // A disabled operator's sessions end now, not at their next call's check only.
        if (after.disabled) await revokeOperatorSessions(tx, after.id, now());
        await writeAudit(tx, {
          operator: actor,
          ip: caller.ip,
          action: 'operator.update',
          brand: null,
          targetType: 'operator',
          targetId: after.id,
          before: operatorView(before),
          after: operatorView(after),
        });
        return operatorView(after);
      });
    },

    /** A lost phone: the password, secret and recovery codes go, and a new link is issued. */
    async resetEnrolment(actor: SignedInOperator, caller: Caller, operatorId: string) {
      return db.transaction(async (tx) => {
        const before = await findOperatorById(tx, operatorId, true);
        if (!before) throw new ApiError('NOT_FOUND', OPERATOR_MESSAGES.notFound);
        const at = now();
        await clearEnrolment(tx, before.id);
        await revokeOperatorSessions(tx, before.id, at);
        const link = await issueEnrolment(tx, before.id, at);
        const after = await findOperatorById(tx, before.id);
        if (!after) throw new Error('the operator vanished');
        await writeAudit(tx, {
          operator: actor,
          ip: caller.ip,
          action: 'operator.reset-enrolment',
          brand: null,
          targetType: 'operator',
          targetId: before.id,
          before: operatorView(before),
          after: operatorView(after),
        });
        return { operator: operatorView(after), ...link };
      });
    },

    async revokeSessions(actor: SignedInOperator, caller: Caller, operatorId: string) {
      return db.transaction(async (tx) => {
        const target = await findOperatorById(tx, operatorId);
        if (!target) throw new ApiError('NOT_FOUND', OPERATOR_MESSAGES.notFound);
        const revoked = await revokeOperatorSessions(tx, target.id, now());
        await writeAudit(tx, {
          operator: actor,
          ip: caller.ip,
          action: 'operator.revoke-sessions',
          brand: null,
          targetType: 'operator',
          targetId: target.id,
          after: { revoked },
        });
        return { revoked };
      });
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
