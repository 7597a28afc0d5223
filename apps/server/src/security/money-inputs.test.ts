/**
 * Every money field of every call, player's and operator's, sent the amounts that slip past a
 * naive check (1e-9 rounds to 0 paise, 0.001 is a tenth of a paisa, 1e16 is past the ledger,
 * -0, NaN): each answer is 400 in the envelope, and no table that holds money, a request, a
 * limit or a setting changes. Money fields are found through the contract's MONEY_FIELDS, so a
 * new call with an amount is covered without a change here.
 */
import { describe, expect, it } from 'vitest';
import { adminApiPath, type AdminRoute } from '@backlay/contract/admin-calls';
import { ADMIN_ROUTES } from '@backlay/contract/admin-routes';
import { MONEY_FIELDS } from '@backlay/contract/money';
import { listApiRoutes, type ApiRoute } from '@backlay/contract/routes';
import type { z } from 'zod';
import type { Queryable } from '../db/database';
import { TEST_BACKENDS } from '../test-helper';
import { auditLedger, SOUND_LEDGER } from '../modules/wallet';
import { BRAND, fund, paymentsApp } from '../modules/payments/payments-test-kit';
import {
  pathOf,
  RawNumber,
  ROUTE_INPUTS,
  send,
  toJsonText,
  toQueryString,
  validExample,
  withField,
  type Caller,
  type FieldPath,
  type RouteInputs,
} from './security-kit';

/** The amounts every money field must refuse, as they go on the wire. */
const BAD_AMOUNTS: readonly [label: string, value: unknown][] = [
  ['1e-9', 1e-9],
  ['0.001', 0.001],
  ['1e16', 1e16],
  ['-0', new RawNumber('-0')],
  ['NaN', new RawNumber('NaN')],
  ['"NaN"', 'NaN'],
];

/** Tables whose rows no refused call may touch. */
const GUARDED_TABLES = [
  'users',
  'ledger_accounts',
  'ledger_transfers',
  'ledger_entries',
  'bets',
  'bet_fills',
  'payment_settings',
  'payment_methods',
  'payment_requests',
  'payment_adjustments',
  'gateway_payments',
  'gambling_limits',
  'gambling_limit_changes',
  'brand_documents',
  'brand_document_versions',
  'player_notes',
  'audit_log',
] as const;

/** A digest of every guarded table's rows. */
async function fingerprint(db: Queryable): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of GUARDED_TABLES) {
    const [row] = await db.query<{ rows: string; digest: string | null }>(
      `SELECT count(*)::text AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest
       FROM ${table} t`,
    );
    digest[table] = `${row?.rows}:${row?.digest ?? ''}`;
  }
  return digest;
}

interface Def {
  type: string;
  innerType?: unknown;
  shape?: Record<string, unknown>;
  element?: unknown;
  in?: unknown;
}
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** The paths of a schema's money fields (arrays entered through their first item). */
function moneyPaths(schema: unknown, prefix: FieldPath = []): FieldPath[] {
  if (MONEY_FIELDS.has(schema as z.ZodType)) return [prefix];
  const def = defOf(schema);
  if (['optional', 'default', 'prefault', 'nullable'].includes(def.type)) {
    return moneyPaths(def.innerType, prefix);
  }
  if (def.type === 'pipe') return moneyPaths(def.in, prefix);
  if (def.type === 'object') {
    return Object.entries(def.shape ?? {}).flatMap(([name, field]) =>
      moneyPaths(field, [...prefix, name]),
    );
  }
  if (def.type === 'array') return moneyPaths(def.element, [...prefix, 0]);
  return [];
}

const PLAYER_ROUTES = listApiRoutes().flatMap(([name, route]) => {
  const inputs: RouteInputs = ROUTE_INPUTS[name] ?? {};
  const schema = inputs.body ?? inputs.query;
  const paths = schema ? moneyPaths(schema) : [];
  return paths.length && schema ? [{ name, route, schema, paths }] : [];
});
const OPERATOR_ROUTES = Object.entries(ADMIN_ROUTES as Record<string, AdminRoute>).flatMap(
  ([name, route]) => {
    const paths = moneyPaths(route.request);
    return paths.length ? [{ name, route, schema: route.request as z.ZodType, paths }] : [];
  },
);

describe.each(TEST_BACKENDS)('bad amounts on every money call, on %s', async (backend) => {
  const kit = await paymentsApp(backend);
  const player = await kit.player();
  await fund(kit, player, 5_000);
  const playerCaller: Caller = { label: 'a registered player', token: player.accessToken };
  const ownerCaller: Caller = { label: 'an owner', token: kit.owner.token };

  it('finds the player’s and the operators’ money calls', () => {
    expect(PLAYER_ROUTES.map((r) => r.name)).toEqual(
      expect.arrayContaining(['placeBet', 'createDeposit', 'createWithdrawal']),
    );
    expect(OPERATOR_ROUTES.map((r) => r.name)).toEqual(
      expect.arrayContaining(['createAdjustment', 'decideDeposit', 'updatePaymentSettings']),
    );
  });

  /** Sends one spoilt request and checks it is a 400 envelope refusal. */
  async function expectRefused(
    method: ApiRoute['method'],
    path: string,
    caller: Caller,
    input: unknown,
    label: string,
  ) {
    const res = await send(kit.app, method, path, caller, {
      ...(method === 'GET' ? { query: toQueryString(input) } : { body: toJsonText(input) }),
      headers: { host: BRAND },
    });
    expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(400);
    const body = JSON.parse(res.body) as { success: boolean; error: { code: string } | null };
    expect(body.success, label).toBe(false);
    expect(body.error?.code, label).toMatch(/^(VALIDATION_FAILED|MALFORMED_REQUEST)$/);
  }

  it('every player money field refuses every bad amount and nothing changes', async () => {
    const before = await fingerprint(kit.db);
    for (const { name, route, schema, paths } of PLAYER_ROUTES) {
      const valid = validExample(schema, {});
      for (const path of paths) {
        for (const [label, value] of BAD_AMOUNTS) {
          await expectRefused(
            route.method,
            pathOf(route),
            playerCaller,
            withField(valid, path, value),
            `${name} ${path.join('.')} = ${label}`,
          );
        }
      }
    }
    expect(await fingerprint(kit.db)).toEqual(before);
  });

  it('every operator money field refuses every bad amount and nothing changes', async () => {
    const before = await fingerprint(kit.db);
    const hints = { playerId: player.id, brand: BRAND };
    for (const { name, route, schema, paths } of OPERATOR_ROUTES) {
      const valid = { ...(validExample(schema, {}) as object), ...pick(schema, hints) };
      for (const path of paths) {
        for (const [label, value] of BAD_AMOUNTS) {
          await expectRefused(
            route.method,
            adminApiPath(route),
            ownerCaller,
            withField(valid, path, value),
            `admin ${name} ${path.join('.')} = ${label}`,
          );
        }
      }
    }
    expect(await fingerprint(kit.db)).toEqual(before);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});

/** The hints a schema has fields for: real ids, so only the amount is wrong. */
function pick(schema: z.ZodType, hints: Record<string, unknown>): Record<string, unknown> {
  const shape = defOf(schema).shape ?? {};
  return Object.fromEntries(Object.entries(hints).filter(([key]) => key in shape));
}
