/**
 * The app's services, each a plugin that names what it needs: limits and brands first, then
 * accounts (which decorate the app with its one player authenticator), the hub, and the
 * exchange's bet placement. Routes are registered after them and read what they decorate.
 */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import { siteGate } from '../http/site-gate';
import {
  createAccountService,
  DEMO_FUNDS_MINOR,
  loadTokenKey,
  outboxSmsProvider,
  webhookSmsProvider,
  type AccountService,
} from '../modules/account';
import {
  createBrandService,
  createDomainRules,
  openBrandDirectory,
  type BrandService,
  type DomainRules,
  type LiveBrandDirectory,
} from '../modules/brands';
import {
  betGroupFailpoint,
  createBetPlacement,
  createChangePublisher,
  createMarketTurns,
  FAILPOINT_VARIABLE,
  type BetPlacement,
  type ExchangeDeps,
} from '../modules/exchange';
import { recordReferralAtJoin, referralCodeOnBrand } from '../modules/bonus';
import { createHub, type HubOptions } from '../modules/hub';
import { createRateLimits, type RateLimits } from '../modules/limits';
import {
  directoryImageStore,
  s3ImageStore,
  statementCursors,
  type ImageStore,
  type SecondApprovalRules,
  type StatementCursors,
} from '../modules/payments';
import { bookOf, ensurePlayerAccounts, getBalances, grantDemoFunds } from '../modules/wallet';
import type { AppConfig } from '../app';

declare module 'fastify' {
  interface FastifyInstance {
    /** Atomic abuse limits shared by every instance. */
    limits: RateLimits;
    /** Each brand's sports and betting rules. */
    rules: DomainRules;
    /** Every brand's registry entry, settings and rules, as this instance holds them now. */
    brands: LiveBrandDirectory;
    /** Operators' changes to brands. */
    brandService: BrandService;
    /** Players, sessions and sign-ups. */
    accounts: AccountService;
    /** The server's token key (access tokens, hub connection tokens). */
    tokenKey: Buffer;
    /** The exchange: what its routes need, and the one way into placing a bet. */
    exchange: { deps: ExchangeDeps; placement: BetPlacement };
  }
}

interface ServiceOptions {
  db: Database;
  config: AppConfig;
}

export const limitsPlugin = fp<ServiceOptions>(
  async (app, { db, config }) => {
    const limits = createRateLimits({
      db,
      redisUrl: config.redisUrl ?? null,
      settings: config.limits,
      ...(config.limitKeyPrefix ? { keyPrefix: config.limitKeyPrefix } : {}),
    });
    await limits.ready();
    app.addHook('onClose', () => limits.close());
    app.decorate('limits', limits);
  },
  { name: 'limits' },
);

/**
 * Brands: the directory (seeded from `config/domains` into the database, then read from it),
 * their rules, and the gate that closes unknown hosts and suspended brands.
 */
export const brandsPlugin = fp<ServiceOptions>(
  async (app, { db, config }) => {
    const directory = await openBrandDirectory({
      db,
      domainsDir: config.domainsDir,
      log: app.log.child({ module: 'brands' }),
    });
    app.addHook('onClose', async () => directory.close());
    const rules = createDomainRules(directory);
    app.decorate('brands', directory);
    app.decorate('brandService', createBrandService({ db, directory }));
    app.decorate('rules', rules);
    siteGate(app, { siteSuspended: rules.siteSuspended, registry: directory.registry });
  },
  { name: 'brands', dependencies: ['http-layer'] },
);

export const accountsPlugin = fp<ServiceOptions & { now?: () => Date }>(
  async (app, { db, config, now }) => {
    const tokenKey = await loadTokenKey(db, config.tokenSecret);
    const sms = config.smsProviderUrl
      ? webhookSmsProvider(config.smsProviderUrl, config.smsProviderToken)
      : outboxSmsProvider(db, (message) =>
          app.log.info({ sms: message }, 'SMS (development outbox)'),
        );
    const accounts = createAccountService({
      db,
      tokenKey,
      sms,
      limits: app.limits,
      log: app.log.child({ module: 'account' }),
      balancesOf: (player) =>
        getBalances(db, { domain: player.domain, ownerId: player.id, book: bookOf(player) }),
      hooks: {
        async onPlayerCreated(tx, player) {
          const ref = { domain: player.domain, ownerId: player.id, book: bookOf(player) };
          await ensurePlayerAccounts(tx, ref);
          if (player.demo) {
            const granted = await grantDemoFunds(tx, {
              domain: player.domain,
              ownerId: player.id,
              amountMinor: DEMO_FUNDS_MINOR,
              idempotencyKey: `demo-grant:${player.id}`,
            });
            if (granted.status !== 'ok')
              throw new Error(`demo funds were not granted: ${granted.status}`);
          }
        },
        // A friend's code given at sign-up is the bonus module's: it checks and records it.
        referralCodeKnown: referralCodeOnBrand,
        onJoinedWithReferral: recordReferralAtJoin,
      },
      ...(now ? { now } : {}),
    });
    app.decorate('tokenKey', tokenKey);
    app.decorate('accounts', accounts);
    // The one authenticator every contract route with a player uses.
    app.decorate('authenticatePlayer', (request, domain) =>
      accounts.playerForToken(request.headers.authorization, domain),
    );
  },
  { name: 'accounts', dependencies: ['limits'] },
);

export const hubPlugin = fp<ServiceOptions & { hub?: Partial<HubOptions> }>(
  async (app, { db, config, hub: hubOptions }) => {
    const hub = createHub({
      db,
      authenticate: (authorization, domain) => app.accounts.playerForToken(authorization, domain),
      tokenKey: app.tokenKey,
      log: app.log.child({ module: 'hub' }),
      options: { redisUrl: config.redisUrl ?? null, ...hubOptions },
    });
    app.decorate('hub', hub);
    // A brand an operator changes on one instance is reloaded by every other one.
    await app.brands.connect(hub.systemChannel('brands'));
  },
  { name: 'hub', dependencies: ['accounts', 'brands'] },
);

export const exchangePlugin = fp<ServiceOptions & { sleep: (ms: number) => Promise<void> }>(
  async (app, { db, config, sleep }) => {
    // Crash tests name a moment of a bet group at which the process kills itself (never in
    // production); read once, here.
    const failpoint = betGroupFailpoint(process.env[FAILPOINT_VARIABLE], {
      production: config.production,
      log: app.log.child({ module: 'exchange' }),
    });
    const deps = {
      db,
      rules: app.rules,
      sleep,
      // After a bet or cancel commits: the market's new prices and the players' balances.
      onChange: createChangePublisher({ db, hub: app.hub, log: app.log }),
      inTurn: createMarketTurns(),
      ...(failpoint ? { failpoint } : {}),
    };
    // Queued bets are placed together in groups of markets; any a batch cannot decide go singly.
    const placement = createBetPlacement(
      deps,
      { log: app.log.child({ module: 'exchange' }) },
      app.limits,
    );
    app.decorate('exchange', { deps, placement });
    // What the batches did (counted in the batcher), for tests and operators' tools.
    app.decorate('betBatches', { stats: placement.batchStats });
  },
  { name: 'exchange', dependencies: ['brands', 'hub', 'limits'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Money in and out: where screenshots are kept, statement cursors, the second-approval rules. */
    payments: {
      images: ImageStore;
      cursors: StatementCursors;
      approval: SecondApprovalRules;
    };
  }
}

export const paymentsPlugin = fp<ServiceOptions>(
  async (app, { config }) => {
    app.decorate('payments', {
      images: config.imageBucket
        ? s3ImageStore(config.imageBucket)
        : directoryImageStore(path.join(config.dataDir, 'images')),
      // Derived from the token key, so every instance reads every other's cursors.
      cursors: statementCursors(
        createHmac('sha256', app.tokenKey).update('statement-cursors').digest(),
      ),
      approval: config.secondApproval,
    });
  },
  { name: 'payments', dependencies: ['accounts'] },
);
