import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { hostedPageRoutes } from './hosted-page';
import type { SandboxGateway } from './sandbox-gateway';

describe('the sandbox’s hosted pages', async () => {
  const app = Fastify();
  // Only `read` is reached by these requests, and it finds nothing: the pages' frame is tested.
  const gateway = { read: async () => null } as unknown as SandboxGateway;
  await hostedPageRoutes(app, gateway);
  await app.ready();
  afterAll(() => app.close());

  it('declare their own icon, so no browser asks the origin for /favicon.ico', async () => {
    const page = await app.inject({ url: '/pay/plink_AAAAAAAAAAAAAA' });
    expect(page.statusCode).toBe(404);
    const href = page.body.match(/<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/)?.[1];
    expect(href).toBe('/pay/assets/icon.svg');
    const icon = await app.inject({ url: href ?? '' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.body).toMatch(/^<svg /);
  });
});
