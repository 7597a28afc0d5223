import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_BACKENDS, testAppConfig } from '../../test-helper';
import { demoPlayer, exchangeApp, placeBody, seedEvent, TEST_HOST } from './exchange-test-kit';

/** A copy of the betting rules in which the test brand sets its own cricket delay. */
function domainsWithCricketDelay(seconds: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-delay-'));
  fs.cpSync(testAppConfig().domainsDir, dir, {
    recursive: true,
    filter: (file) => !file.includes('node_modules'),
  });
  const file = path.join(dir, 'betting.json');
  const rules = JSON.parse(fs.readFileSync(file, 'utf8'));
  rules.domains.test = { ...rules.domains.test, betDelaySeconds: { '3': seconds } };
  fs.writeFileSync(file, JSON.stringify(rules));
  return dir;
}

describe.each(TEST_BACKENDS)('the in-play bet delay on %s', (backend) => {
  it("waits out the player's brand's delay, not the default one", async () => {
    const x = await exchangeApp(backend, { domainsDir: domainsWithCricketDelay(1) });
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds ?? '';
    const player = await demoPlayer(x);
    await x.feed.applyAll([{ kind: 'status', externalId: event.externalId, status: 'IN_PLAY' }]);
    const limits = await x.call('GET', 'Odds/GetUserLimits', {
      host: TEST_HOST,
      token: player.token,
      query: { marketId },
    });
    expect(limits.body.result.betDelaySeconds).toBe(1);

    const placed = await x.call('POST', 'Bet/PlaceBetV2', {
      host: TEST_HOST,
      token: player.token,
      body: placeBody(marketId, 1, 'BACK', 1.5, 100),
    });
    expect(placed.body.success, JSON.stringify(placed.body)).toBe(true);
    // The default cricket delay is 5 s; this brand's is 1 s, and that is what the bet waited.
    expect(x.sleeps).toEqual([1_000]);
  });
});
