/**
 * The casino as one plugin: the catalogue and providers seeded from `config/domains`, the
 * providers held in memory, the player calls and files, the wallet callback API, and (when
 * switched on) the built-in test provider. The app decorates `casino` for the back office.
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import type { DomainRegistry } from '@backlay/domains/registry';
import type { Database } from '../../db/database';
import type { RateLimits } from '../limits';
import type { SettledResultSince } from '../responsible-gambling';
import type { CasinoSettings } from './casino-settings';
import { readCasinoSeed, seedCasino } from './catalogue';
import { callbackRoutes } from './callback-routes';
import { casinoRoutes } from './casino-routes';
import { openProviderDirectory, type ProviderDirectory } from './providers';
import { testProviderRoutes, type ProviderFetch } from './test-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The casino's providers, as this instance holds them (the back office changes them). */
    casino: { providers: ProviderDirectory; now: () => Date };
  }
}

export interface CasinoPluginOptions {
  db: Database;
  settings: CasinoSettings;
  /** Where `casino-games.json` is (`DOMAINS_DIR`). */
  domainsDir: string;
  limits: Pick<RateLimits, 'take'>;
  /** The brands served now: which hosts exist, and which are test or preview hosts. */
  registry: () => DomainRegistry;
  /** Whether a brand is closed (`siteSuspended`). */
  siteSuspended: (domain: string) => boolean;
  /** The player's settled exchange results, which their loss limits count with casino play. */
  settledResultSince: SettledResultSince;
  /** How the test provider's server reaches Backlay's callbacks (in-process). */
  testProviderFetch: ProviderFetch;
  /** The origin the test provider's callbacks are addressed to. */
  walletOrigin: string;
  /** Whether the built-in studio serves `/games/<code>/` (off until it is part of the app). */
  builtInStudio?: boolean;
  now?: () => Date;
  /** How often providers are read again for other instances' changes; 0: never (tests). */
  providerRefreshMs?: number;
}

export const casinoPlugin = fp<CasinoPluginOptions>(
  async (app, options) => {
    const { db, settings } = options;
    const now = options.now ?? (() => new Date());
    await seedCasino(db, readCasinoSeed(path.resolve(options.domainsDir)));
    const providers = await openProviderDirectory({
      db,
      settings,
      builtIn: { studio: options.builtInStudio ?? false, testProvider: settings.testProvider },
      log: app.log.child({ module: 'casino' }),
      ...(options.providerRefreshMs === undefined ? {} : { refreshMs: options.providerRefreshMs }),
    });
    app.addHook('onClose', async () => providers.close());
    app.decorate('casino', { providers, now });

    await casinoRoutes(app, {
      db,
      launch: { db, providers, limits: options.limits, now },
      registry: options.registry,
    });
    await callbackRoutes(app, {
      providers,
      limits: options.limits,
      deps: {
        db,
        siteSuspended: options.siteSuspended,
        settledResultSince: options.settledResultSince,
        now,
      },
    });
    if (settings.testProvider) {
      await testProviderRoutes(app, {
        walletOrigin: options.walletOrigin,
        fetch: options.testProviderFetch,
        secretOf: (code) => providers.secretOf(code)?.secret,
      });
    }
  },
  { name: 'casino', dependencies: ['accounts', 'limits', 'brands'] },
);
