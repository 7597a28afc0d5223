/**
 * Every back-office call fed bad input as a signed-in owner (who passes every permission
 * check, so the input reaches the handlers), and generated input as anybody: no answer may be
 * a 5xx, and every refusal must be the envelope with a code of the contract. Calls are read
 * from ADMIN_ROUTES, so a new one is fuzzed without a change here. As for the player's calls,
 * the input names real rows (a funded real-money player, their pending deposit and
 * withdrawal, the brand) so that spoilt amounts and decisions reach the money code, and the
 * ledger is audited after.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminApiPath, type AdminRoute } from '@backlay/contract/admin-calls';
import { ADMIN_ROUTES } from '@backlay/contract/admin-routes';
import { TEST_BACKENDS } from '../test-helper';
import {
  bankAccount,
  BRAND,
  fund,
  key,
  must,
  paymentsApp,
  screenshot,
  utr,
} from '../modules/payments/payments-test-kit';
import { auditLedger, SOUND_LEDGER } from '../modules/wallet';
import {
  expectEnvelopeAnswer,
  FIELD_MUTATIONS,
  genericBodyArb,
  genericQueryArb,
  hostile,
  leafPaths,
  send,
  toJsonText,
  toQueryString,
  validExample,
  withField,
  type Caller,
  type FieldHints,
} from './security-kit';

const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
// Signing out ends the session the rest uses: it goes last.
const ROUTES = Object.entries(ADMIN_ROUTES as Record<string, AdminRoute>).sort(
  ([a], [b]) => Number(a === 'signOut') - Number(b === 'signOut'),
);

describe.each(TEST_BACKENDS)('fuzzing the back office on %s', async (backend) => {
  const kit = await paymentsApp(backend);
  const { app } = kit;
  const ownerCaller: Caller = { label: 'an owner', token: kit.owner.token };

  // Real rows for the money calls to meet: a funded player with a deposit and a withdrawal
  // waiting for finance.
  const player = await kit.player();
  await fund(kit, player, 5_000);
  const slip = await player.call('POST', 'Setting/StoreImage', { image: await screenshot(8, 8) });
  const deposit = await player.call('POST', 'DepositWithdrawal/CreateDeposit', {
    amount: 700,
    methodId: kit.upiMethodId,
    utr: utr(),
    slipId: must(slip.body.result).id,
    idempotencyKey: key(),
  });
  const withdrawal = await player.call('POST', 'DepositWithdrawal/CreateWithdrawal', {
    amount: 1_000,
    withdrawalAccountId: await bankAccount(player),
    idempotencyKey: key(),
  });
  const hints: FieldHints = {
    playerId: fc.constant(player.id),
    brand: fc.constant(BRAND),
    id: fc.constantFrom(must(deposit.body.result).id, must(withdrawal.body.result).id),
    amount: fc.constantFrom(0.01, 100, -100, 700.5, 9_999_999.99, 1e-9, 0.001, 1e16),
    idempotencyKey: fc.uuid().map((id) => id.replace(/-/g, '')),
  };

  const callers: Caller[] = [
    ownerCaller,
    { label: 'nobody', token: null },
    { label: 'a forged session', token: 'op_forged' },
    { label: 'a malformed header', token: null, authorization: 'Bearer' },
  ];
  const sendTo = (route: AdminRoute, caller: Caller, input: unknown) =>
    send(app, route.method, adminApiPath(route), caller, {
      ...(route.method === 'GET' ? { query: toQueryString(input) } : { body: toJsonText(input) }),
    });

  it.each(ROUTES)('every field of %s spoilt in turn', async (name, route) => {
    const valid = validExample(route.request, hints);
    for (const path of leafPaths(route.request)) {
      for (const [label, value] of FIELD_MUTATIONS) {
        const res = await sendTo(route, ownerCaller, withField(valid, path, value));
        expectEnvelopeAnswer(res, `${name} with ${path.join('.')} = ${label}`);
      }
    }
    const extra = await sendTo(route, ownerCaller, {
      ...(valid as object),
      extra: '<b>x</b>',
      ['__proto__' as string]: { polluted: 1 },
    });
    expectEnvelopeAnswer(extra, `${name} with extra fields`);
  });

  // The generated exploration runs on PGlite, as the player's does; the field sweeps above,
  // where the database's own refusals show, run on every backend (FUZZ_EVERY_BACKEND=1: all).
  const explore = backend === 'pglite' || process.env.FUZZ_EVERY_BACKEND === '1';
  if (explore) {
    it.each(ROUTES)('generated input to %s', async (name, route) => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...callers),
          route.method === 'GET' ? genericQueryArb : genericBodyArb,
          hostile(route.request, hints),
          async (caller, generic, shaped) => {
            for (const input of [generic, shaped]) {
              const res = await sendTo(route, caller, input);
              expectEnvelopeAnswer(res, `${name} as ${caller.label}`);
            }
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  it('leaves the ledger sound after all of it', async () => {
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});
