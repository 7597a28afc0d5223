/**
 * Bonuses as one plugin: the seed campaigns made on a fresh install, the player's calls, the
 * count of settled stakes inside every market's settlement (the exchange's settlement hook),
 * and the jobs: expiry, the daily lossback, referral rewards and casino wagering, run on a timer
 * (each is safe to run twice at once or on several instances). The app decorates `bonus` for
 * the back office, withdrawals, the header and the settings response.
 */
import fp from 'fastify-plugin';
import type { DomainRegistry } from '@backlay/domains/registry';
import type { Database } from '../../db/database';
import { onMarketSettled } from '../exchange';
import type { RateLimits } from '../limits';
import { bonusRoutes } from './bonus-routes';
import { createBonusService, type BonusService } from './bonus-service';
import { readBonusSeed, seedBonusCampaigns } from './seed';
import { countSettledMarket } from './wagering';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bonuses: the service the back office, payments and the settings response read. */
    bonus: BonusService;
  }
}

/** How often the jobs run; the lossback runs once its day is over, whichever run sees it first. */
export const BONUS_JOB_INTERVAL_MS = 5 * 60_000;

export interface BonusPluginOptions {
  db: Database;
  /** Where `bonus-campaigns.json` is (`DOMAINS_DIR`). */
  domainsDir: string;
  limits: Pick<RateLimits, 'take'>;
  /** The brands served now (the seed campaigns are made on each). */
  registry: () => DomainRegistry;
  now?: () => Date;
  /** 0: no timer (tests run the jobs by hand). */
  jobIntervalMs?: number;
}

export const bonusPlugin = fp<BonusPluginOptions>(
  async (app, options) => {
    const { db } = options;
    const now = options.now ?? (() => new Date());
    const brands = [...options.registry().domains.map((entry) => entry.domain), 'test'];
    await seedBonusCampaigns(db, readBonusSeed(options.domainsDir), brands);
    const service = createBonusService({ db, now, limits: options.limits });
    app.decorate('bonus', service);
    const stopCounting = onMarketSettled(db, countSettledMarket);
    app.addHook('onClose', async () => stopCounting());
    bonusRoutes(app, service);

    const interval = options.jobIntervalMs ?? BONUS_JOB_INTERVAL_MS;
    if (interval > 0) {
      const log = app.log.child({ module: 'bonus' });
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        void (async () => {
          try {
            await service.sweepAllCasino();
            await service.expireDue();
            await service.runLossback();
            await service.rewardAllReferrals();
          } catch (error) {
            log.error({ err: error }, 'a bonus job failed; the next run tries again');
          } finally {
            running = false;
          }
        })();
      }, interval);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'bonus', dependencies: ['accounts', 'limits', 'brands'] },
);
