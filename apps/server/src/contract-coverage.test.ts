import { describe, expect, it } from 'vitest';
import { apiPath, listApiRoutes } from '@backlay/contract/routes';
import { ROUTES_STILL_TO_BUILD, ROUTES_STILL_TO_BUILD_AT_MOST } from './routes-still-to-build';
import { build } from './test-helper';

const { app } = await build();
const NO_SUCH_CALL = /^There is no API call /;

describe('contract coverage', () => {
  it('finds a handler for every contract route but the listed ones still to build, and hides none', async () => {
    const missing: string[] = [];
    const served: string[] = [];
    const missingNames: string[] = [];
    for (const [name, route] of listApiRoutes()) {
      const url = apiPath(route);
      const label = `${route.method} ${url} (${name})`;
      const has = app.hasRoute({ method: route.method, url });
      (has ? served : missing).push(label);
      if (!has) missingNames.push(name);

      // Ask the running app too: a route counted as missing must really answer "no such call",
      // and a route counted as served must not, so the list can never hide a gap.
      const res = await app.inject({
        method: route.method,
        url,
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      const noSuchCall =
        res.statusCode === 404 && NO_SUCH_CALL.test(res.json().error?.message ?? '');
      expect(noSuchCall, label).toBe(missing.includes(label));
    }

    console.log(
      `Contract routes with a server handler: ${served.length} of ${served.length + missing.length}` +
        (missing.length
          ? `\nStill without a handler (${missing.length}):\n  ${missing.join('\n  ')}`
          : ''),
    );
    expect(served.length + missing.length).toBe(listApiRoutes().length);
    // A new call without a handler fails here; so does a listed call that now has one (take it
    // off the list), and a list that grew.
    expect(missingNames.sort()).toEqual([...ROUTES_STILL_TO_BUILD].sort());
    expect(ROUTES_STILL_TO_BUILD.length).toBeLessThanOrEqual(ROUTES_STILL_TO_BUILD_AT_MOST);
  });
});
