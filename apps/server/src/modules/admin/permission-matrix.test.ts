/**
 * Every back-office call against every role: the server answers 403 exactly where the role's
 * permissions say no, 401 to a caller without an operator session (a player's token included),
 * and every call of the route table has a handler.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@backlay/contract/admin-routes';
import type { AdminRoute } from '@backlay/contract/admin-calls';
import { ROLES, roleAllows } from '@backlay/contract/admin';
import { TEST_BACKENDS } from '../../test-helper';
import { caller } from '../account/account-test-kit';
import { adminApp } from './admin-test-kit';

const OPERATOR_ROUTES = Object.entries(ADMIN_ROUTES as Record<string, AdminRoute>)
  .filter(([, route]) => route.auth === 'operator')
  // Signing out ends the session the rest of the matrix uses: it goes last.
  .sort(([a], [b]) => Number(a === 'signOut') - Number(b === 'signOut'));

describe.each(TEST_BACKENDS)('the back office permission matrix (%s)', (backend) => {
  it('every call of the route table has a handler', async () => {
    const { call } = await adminApp(backend);
    for (const [name, route] of Object.entries(ADMIN_ROUTES as Record<string, AdminRoute>)) {
      const res = await call(route);
      expect(res.status, name).not.toBe(404);
      expect(res.status, name).toBeLessThan(500);
    }
  });

  it('answers 403 exactly where a role lacks the permission, and never runs the call', async () => {
    const { call, owner, operator } = await adminApp(backend);
    const boss = await owner('matrix.owner');
    const tokens = new Map<string, string>([['owner', boss.token]]);
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      tokens.set(role, (await operator(boss.token, `matrix.${role}`, role, 'all')).token);
    }
    const rows: string[] = [];
    for (const role of ROLES) {
      for (const [name, route] of OPERATOR_ROUTES) {
        const res = await call(route, { token: tokens.get(role) ?? '' });
        const allowed = route.permission === null || roleAllows(role, route.permission);
        rows.push(`${role} ${name} ${res.status}`);
        if (allowed) expect(res.status, `${role} ${name}`).not.toBe(403);
        else {
          expect(res.status, `${role} ${name}`).toBe(403);
          expect(res.error?.code).toBe('FORBIDDEN');
        }
        expect([401, 404]).not.toContain(res.status);
      }
    }
    expect(rows).toHaveLength(ROLES.length * OPERATOR_ROUTES.length);
  });

  it("refuses every operator call without a session, with a player's token, or a forged one", async () => {
    const { app, call, owner } = await adminApp(backend);
    await owner('matrix.owner2');
    const demo = await caller(app)('GET', 'Account/LoginAsDemoUser', { host: 'localhost' });
    const playerToken = (demo.body as { result: { accessToken: string } }).result.accessToken;
    expect(playerToken.length).toBeGreaterThan(20);
    for (const [name, route] of OPERATOR_ROUTES) {
      for (const token of [undefined, playerToken, 'op_forged', `op_${'A'.repeat(43)}`]) {
        const res = await call(route, token === undefined ? {} : { token });
        expect(res.status, `${name} with ${token?.slice(0, 8) ?? 'nothing'}`).toBe(401);
        expect(res.unAuthorizedRequest).toBe(true);
      }
    }
  });
});
