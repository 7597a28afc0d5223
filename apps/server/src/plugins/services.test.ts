import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@backlay/contract/routes';
import { defineApiRoute } from '../http/api-route';
import { testAppConfig, testDatabase } from '../test-helper';
import { accountsPlugin, exchangePlugin, hubPlugin } from './services';

describe('the app is assembled from plugins that declare what they need', () => {
  it('refuses a service registered before the plugins it depends on', async () => {
    const db = await testDatabase('pglite');
    const config = testAppConfig();
    const options = { db, config, sleep: async () => undefined };
    const attempts = [
      {
        missing: 'limits',
        register: (app: FastifyInstance) => app.register(accountsPlugin, options),
      },
      { missing: 'accounts', register: (app: FastifyInstance) => app.register(hubPlugin, options) },
      {
        missing: 'brands',
        register: (app: FastifyInstance) => app.register(exchangePlugin, options),
      },
    ];
    for (const { missing, register } of attempts) {
      const app = Fastify({ logger: false });
      await expect(register(app).ready()).rejects.toThrow(`'${missing}'`);
      await app.close();
    }
  });

  it('refuses a route that needs a player when no authenticator was decorated', () => {
    const app = Fastify({ logger: false });
    expect(() =>
      defineApiRoute(app, API_ROUTES.openBets, async () => ({ bets: [], wallet: null }) as never),
    ).toThrow('register the accounts plugin before it');
    // A route for anyone needs none.
    expect(() =>
      defineApiRoute(app, API_ROUTES.settingExpiry, async () => ({}) as never),
    ).not.toThrow();
  });
});
