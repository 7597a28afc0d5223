/**
 * The casino in the back office: its figures and the round lookup (finance, brand admins and
 * owners read them), the providers' settings (read by the same; changed, and their secrets
 * read, by owners only, since a provider serves every brand), each brand's catalogue (its casino
 * switch and which games it offers in which order; brand admins and owners), and a player's
 * casino switch. Every change, and every reading of a secret, is audited in its transaction.
 */
import type { FastifyInstance } from 'fastify';
import * as calls from '@backlay/contract/admin-calls';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { playerProfile } from '../account';
import {
  casinoFigures,
  catalogueView,
  playerCasinoEnabled,
  playerCasinoSummary,
  roundDetail,
  searchRounds,
  setPlayerCasinoSwitch,
  updateCatalogue,
  updateProvider,
  type ProviderDirectory,
} from '../casino';
import {
  assertCoversBrand,
  assertCoversEveryBrand,
  brandsRead,
  defineAdminRoute,
} from './admin-route';
import { writeAudit } from './audit-log';
import type { SignedInOperator } from './operator-sessions';

const NO_PLAYER = 'There is no such player.';
const NO_PROVIDER = 'There is no such provider.';
const EVERY_BRAND =
  'A casino provider serves every brand: changing it needs a role that covers every brand.';

export function casinoAdminRoutes(
  app: FastifyInstance,
  {
    db,
    providers,
    brandExists,
    now,
  }: {
    db: Database;
    providers: ProviderDirectory;
    /** Whether a brand is served (its catalogue may be read and changed). */
    brandExists: (domain: string) => boolean;
    now: () => Date;
  },
) {
  /** Each player's name by id (null for one who is gone), read once per player. */
  async function userNames(q: Queryable, players: { playerId: string }[]) {
    const names = new Map<string, string>();
    for (const id of new Set(players.map((p) => p.playerId))) {
      const profile = await playerProfile(q, id);
      if (profile) names.set(id, profile.userName);
    }
    return names;
  }

  async function visiblePlayer(q: Queryable, operator: SignedInOperator, playerId: string) {
    const profile = await playerProfile(q, playerId);
    if (!profile) throw new ApiError('NOT_FOUND', NO_PLAYER);
    assertCoversBrand(operator, profile.domain);
    return profile;
  }

  function providerName(code: string): string {
    return providers.get(code)?.name ?? code;
  }

  defineAdminRoute(app, calls.casinoFiguresRoute, async (input, caller) => {
    const brands = brandsRead(caller.operator, input.brand);
    const figures = await casinoFigures(db, brands, input.days, now(), providerName);
    return { brands: brands ?? ('all' as const), ...figures };
  });

  defineAdminRoute(app, calls.casinoRoundsRoute, (input, caller) =>
    searchRounds(
      db,
      {
        brands: brandsRead(caller.operator, input.brand),
        playerId: input.playerId,
        provider: input.provider,
        roundId: input.roundId,
        gameCode: input.gameCode,
        before: input.before,
        limit: input.limit,
      },
      (players) => userNames(db, players),
    ),
  );

  defineAdminRoute(app, calls.casinoRoundRoute, async (input, caller) => {
    const round = await roundDetail(
      db,
      input.id,
      async (_domain, playerId) => (await userNames(db, [{ playerId }])).get(playerId) ?? null,
    );
    if (!round) throw new ApiError('NOT_FOUND', 'There is no such round.');
    assertCoversBrand(caller.operator, round.brand);
    return round;
  });

  defineAdminRoute(app, calls.casinoProvidersRoute, async () => ({
    items: providers.list().map((provider) => providers.view(provider)),
  }));

  defineAdminRoute(app, calls.updateCasinoProviderRoute, async (input, caller) => {
    assertCoversEveryBrand(caller.operator, EVERY_BRAND);
    const changed = await db.transaction(async (tx) => {
      const result = await updateProvider(tx, input);
      if (result === 'missing') throw new ApiError('NOT_FOUND', NO_PROVIDER);
      if (result === 'stale') {
        throw new ApiError(
          'CONFLICT',
          'Someone changed this provider since you opened it. Reload it and make your change again.',
        );
      }
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action: 'casino.provider.update',
        brand: null,
        targetType: 'casino_provider',
        targetId: input.code,
        before: result.before,
        after: result.after,
      });
      return result.after;
    });
    await providers.refresh();
    return providers.view(providers.get(changed.code) ?? changed);
  });

  defineAdminRoute(app, calls.casinoProviderSecretRoute, async (input, caller) => {
    assertCoversEveryBrand(caller.operator, EVERY_BRAND);
    const secret = providers.get(input.code) ? providers.secretOf(input.code) : undefined;
    if (!secret) throw new ApiError('NOT_FOUND', NO_PROVIDER);
    await writeAudit(db, {
      operator: caller.operator,
      ip: caller.ip,
      action: 'casino.provider.secret-read',
      brand: null,
      targetType: 'casino_provider',
      targetId: input.code,
    });
    return { code: input.code, secret: secret.secret, source: secret.source };
  });

  const brandOf = (operator: SignedInOperator, brand: string) => {
    assertCoversBrand(operator, brand);
    if (!brandExists(brand)) throw new ApiError('NOT_FOUND', 'There is no such brand.');
    return brand;
  };

  defineAdminRoute(app, calls.casinoCatalogueRoute, async (input, caller) =>
    catalogueView(db, brandOf(caller.operator, input.brand)),
  );

  defineAdminRoute(app, calls.updateCasinoCatalogueRoute, async (input, caller) => {
    const brand = brandOf(caller.operator, input.brand);
    return db.transaction(async (tx) => {
      const result = await updateCatalogue(tx, {
        domain: brand,
        version: input.version,
        casinoEnabled: input.casinoEnabled,
        games: input.games,
      });
      if (result.outcome === 'stale') {
        throw new ApiError(
          'CONFLICT',
          "Someone changed this brand's casino since you opened it. Reload it and make your change again.",
        );
      }
      if (result.outcome === 'bad_games') throw new ApiError('VALIDATION_FAILED', result.message);
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action: 'casino.catalogue.update',
        brand,
        targetType: 'casino_catalogue',
        targetId: brand,
        before: { casinoEnabled: result.before.casinoEnabled, games: gameList(result.before) },
        after: { casinoEnabled: result.after.casinoEnabled, games: gameList(result.after) },
      });
      return result.after;
    });
  });

  const playerView = async (q: Queryable, profile: { id: string; domain: string }) => ({
    playerId: profile.id,
    brand: profile.domain,
    casinoEnabled: await playerCasinoEnabled(q, profile.id),
    last30Days: await playerCasinoSummary(q, profile.id, now()),
  });

  defineAdminRoute(app, calls.casinoPlayerRoute, async (input, caller) =>
    playerView(db, await visiblePlayer(db, caller.operator, input.playerId)),
  );

  defineAdminRoute(app, calls.setCasinoPlayerSwitchRoute, async (input, caller) =>
    db.transaction(async (tx) => {
      const profile = await visiblePlayer(tx, caller.operator, input.playerId);
      const before = await setPlayerCasinoSwitch(tx, profile, input.enabled);
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action: `player.casino-${input.enabled ? 'on' : 'off'}`,
        brand: profile.domain,
        targetType: 'player',
        targetId: profile.id,
        before: { casinoEnabled: before },
        after: { casinoEnabled: input.enabled },
      });
      return playerView(tx, profile);
    }),
  );
}

/** A catalogue's games as the audit log keeps them: code and switch, in order. */
function gameList(catalogue: { games: { gameCode: string; enabled: boolean }[] }) {
  return catalogue.games.map((g) => `${g.enabled ? '+' : '-'}${g.gameCode}`);
}
