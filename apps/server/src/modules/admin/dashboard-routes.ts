/** The dashboard and the list of who is online, scoped to the brands an operator covers. */
import type { FastifyInstance } from 'fastify';
import * as calls from '@backlay/contract/admin-calls';
import type { Database } from '../../db/database';
import type { Hub } from '../hub';
import { brandsWithoutDepositMethods } from '../payments';
import { brandsRead, coversBrand, defineAdminRoute } from './admin-route';
import { dashboardDays, dashboardPending, dashboardTotals, userNames } from './dashboard';
import type { SignedInOperator } from './operator-sessions';

export function dashboardRoutes(
  app: FastifyInstance,
  {
    db,
    hub,
    now,
    domains,
  }: {
    db: Database;
    hub: Hub;
    now: () => Date;
    /** Every brand's domain, for the brands an operator covering all of them reads. */
    domains: () => string[];
  },
) {
  /** Every instance's connections on the brands read, most recently seen first. */
  const onlineOn = async (operator: SignedInOperator, brands: string[] | null) =>
    (await hub.onlineEverywhere()).filter(
      (entry) =>
        coversBrand(operator, entry.domain) && (brands === null || brands.includes(entry.domain)),
    );

  defineAdminRoute(app, calls.dashboardRoute, async (input, caller) => {
    const brands = brandsRead(caller.operator, input.brand);
    const entries = await onlineOn(caller.operator, brands);
    const pages = new Map<string, number>();
    for (const entry of entries)
      pages.set(entry.currentPage, (pages.get(entry.currentPage) ?? 0) + 1);
    const [days, totals, pending, withoutMethods] = await Promise.all([
      dashboardDays(db, brands, input.days, now()),
      dashboardTotals(db, brands),
      dashboardPending(db, brands),
      brandsWithoutDepositMethods(db, brands ?? domains()),
    ]);
    return {
      brands: brands ?? ('all' as const),
      online: {
        players: new Set(entries.flatMap((e) => (e.playerId ? [e.playerId] : []))).size,
        guests: entries.filter((e) => !e.playerId).length,
        connections: entries.length,
        pages: [...pages.entries()]
          .map(([page, connections]) => ({ page, connections }))
          .sort((a, b) => b.connections - a.connections || a.page.localeCompare(b.page)),
      },
      ...totals,
      ...pending,
      brandsWithoutDepositMethods: withoutMethods,
      days,
    };
  });

  defineAdminRoute(app, calls.onlineRoute, async (input, caller) => {
    const entries = await onlineOn(caller.operator, brandsRead(caller.operator, input.brand));
    const names = await userNames(db, [
      ...new Set(entries.flatMap((e) => (e.playerId ? [e.playerId] : []))),
    ]);
    return {
      items: entries.slice(0, 1_000).map((entry) => ({
        domain: entry.domain,
        playerId: entry.playerId,
        userName: entry.playerId ? (names.get(entry.playerId) ?? null) : null,
        page: entry.currentPage,
        browser: entry.browser,
        since: entry.connectedAt.toISOString(),
        lastSeenAt: entry.lastSeenAt.toISOString(),
      })),
    };
  });
}
