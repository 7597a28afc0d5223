/**
 * The built-in test provider end to end on one app: a launch opens its page, the player bets
 * ₹10 and wins, loses or cancels through its buttons, each step a signed callback to Backlay's
 * wallet, and the balance and statement follow. Off in production unless switched on.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../config-error';
import { auditLedger, SOUND_LEDGER } from '../../wallet';
import { casinoApp } from '../casino-test-kit';
import { loadCasinoSettings } from '../casino-settings';

const ROCKET = { gameCode: 'mac_rocket_rush', gameId: 201207, country: 'IN' };

describe('the built-in test provider', () => {
  it('plays a round through its page: bet ₹10, then win, lose or cancel', async () => {
    const kit = await casinoApp('pglite');
    const player = await kit.player(100);
    const launched = await player.call('POST', 'Casino/LaunchMac', ROCKET);
    const host = { host: '99exch.com' };
    // Launches go to the built-in studio, which sends a game it does not have to the test
    // provider, standing in for the provider.
    const studioUrl = launched.body.result.url as string;
    expect(studioUrl.startsWith('/games/mac/?')).toBe(true);
    const hop = await kit.app.inject({ url: studioUrl, headers: host });
    expect(hop.statusCode).toBe(302);
    const url = String(hop.headers.location);
    expect(url.startsWith('/games/test/mac/?')).toBe(true);

    const page = await kit.app.inject({ url, headers: host });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('data-balance-minor="10000"');
    expect(page.body).not.toContain('<script');

    const form = (body: string, action: string) => {
      const fields = Object.fromEntries(
        [...body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
          m[1],
          (m[2] ?? '').replaceAll('&amp;', '&'),
        ]),
      );
      return new URLSearchParams({ ...fields, action }).toString();
    };
    const step = async (body: string, action: string) => {
      const posted = await kit.app.inject({
        method: 'POST',
        url: '/games/test/mac/play',
        headers: { ...host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(body, action),
      });
      expect(posted.statusCode).toBe(303);
      const next = await kit.app.inject({ url: String(posted.headers.location), headers: host });
      expect(next.statusCode).toBe(200);
      return next.body;
    };
    const balanceOf = (body: string) => Number(/data-balance-minor="(\d+)"/.exec(body)?.[1]);

    let body = await step(page.body, 'bet');
    expect(body).toContain('You bet ₹10 in round');
    expect(balanceOf(body)).toBe(9_000);
    body = await step(body, 'win');
    expect(body).toContain('You won ₹20!');
    expect(balanceOf(body)).toBe(11_000);
    body = await step(await step(body, 'bet'), 'lose');
    expect(balanceOf(body)).toBe(10_000);
    body = await step(await step(body, 'bet'), 'cancel');
    expect(body).toContain('given back');
    expect(balanceOf(body)).toBe(10_000);
    expect(await kit.cash(player.id)).toBe(10_000);

    const rounds = await player.call('POST', 'Casino/GetRounds', {});
    expect(rounds.body.result.items.map((r: { status: string }) => r.status)).toEqual([
      'VOIDED',
      'SETTLED',
      'SETTLED',
    ]);
    expect((await kit.app.inject({ url: '/games/test/nobody/', headers: host })).statusCode).toBe(
      404,
    );
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('is off in production unless switched on, and takes secrets from the environment', async () => {
    expect(loadCasinoSettings({}).testProvider).toBe(true);
    expect(loadCasinoSettings({ NODE_ENV: 'production' }).testProvider).toBe(false);
    expect(
      loadCasinoSettings({ NODE_ENV: 'production', CASINO_TEST_PROVIDER: 'on' }).testProvider,
    ).toBe(true);
    expect(loadCasinoSettings({ CASINO_TEST_PROVIDER: 'off' }).testProvider).toBe(false);
    expect(() => loadCasinoSettings({ CASINO_TEST_PROVIDER: 'yes' })).toThrow(ConfigError);
    const secret = 's'.repeat(40);
    expect(
      loadCasinoSettings({ CASINO_MAC_SECRET: secret, CASINO_BIG_FISH_SECRET: secret }).secrets,
    ).toEqual({
      mac: secret,
      'big-fish': secret,
    });
    expect(() => loadCasinoSettings({ CASINO_MAC_SECRET: 'short' })).toThrow(ConfigError);

    const secretMac = 'm'.repeat(40);
    const off = await casinoApp('pglite', {
      casino: { testProvider: false, secrets: { mac: secretMac } },
    });
    expect(off.app.casino.providers.secretOf('mac')).toEqual({
      secret: secretMac,
      source: 'environment',
    });
    expect(off.app.casino.providers.secretOf('king')?.source).toBe('database');
    // Nothing of the test provider is served (the page path falls to the player client).
    expect((await off.app.inject({ url: '/games/test/mac/' })).body).not.toContain('Test provider');
    const play = await off.app.inject({ method: 'POST', url: '/games/test/mac/play' });
    expect(play.statusCode).toBe(404);
    // Launches go to the built-in studio, which has no test provider to send other games to.
    const player = await off.player();
    const launched = await player.call('POST', 'Casino/LaunchMac', ROCKET);
    const studioUrl = launched.body.result.url as string;
    expect(studioUrl.startsWith('/games/mac/?')).toBe(true);
    expect((await off.app.inject({ url: studioUrl })).statusCode).toBe(404);
  });
});
