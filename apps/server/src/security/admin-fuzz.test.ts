/**
 * Every back-office call fed bad input as a signed-in owner (who passes every permission
 * check, so the input reaches the handlers), and generated input as anybody: no answer may be
 * a 5xx, and every refusal must be the envelope with a code of the contract. Calls are read
 * from ADMIN_ROUTES, so a new one is fuzzed without a change here.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { adminApiPath, type AdminRoute } from '@backlay/contract/admin-calls';
import { ADMIN_ROUTES } from '@backlay/contract/admin-routes';
import { TEST_BACKENDS } from '../test-helper';
import { adminApp } from '../modules/admin/admin-test-kit';
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
} from './security-kit';

const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
// Signing out ends the session the rest uses: it goes last.
const ROUTES = Object.entries(ADMIN_ROUTES as Record<string, AdminRoute>).sort(
  ([a], [b]) => Number(a === 'signOut') - Number(b === 'signOut'),
);

describe.each(TEST_BACKENDS)('fuzzing the back office on %s', async (backend) => {
  const { app, owner } = await adminApp(backend);
  const boss = await owner('fuzz.owner');
  const ownerCaller: Caller = { label: 'an owner', token: boss.token };
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
    const valid = validExample(route.request, {});
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

  it.each(ROUTES)('generated input to %s', async (name, route) => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...callers),
        route.method === 'GET' ? genericQueryArb : genericBodyArb,
        hostile(route.request, {}),
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
});
