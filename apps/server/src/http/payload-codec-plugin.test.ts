import { describe, expect, it } from 'vitest';
import {
  createAesGcmCodec,
  PAYLOAD_CODEC_HEADER,
  PAYLOAD_CODEC_NAME,
} from '@backlay/contract/payload-codec';
import { build } from '../test-helper';

const KEY = Buffer.alloc(32, 42).toString('base64');
const codec = await createAesGcmCodec(KEY);
const { app } = await build({ config: { payloadCodecKey: KEY } });
const plainApp = (await build()).app;
const sealedHeaders = { host: '99exch.com', [PAYLOAD_CODEC_HEADER]: PAYLOAD_CODEC_NAME };

describe('the payload codec on the server', () => {
  it('opens a sealed body and seals the answer, errors included', async () => {
    const body = {
      payload: await codec.encode(
        JSON.stringify({ userNameOrEmailAddress: 'nobody1', password: 'Secret123' }),
      ),
    };
    const res = await app.inject({
      method: 'POST',
      url: '/api/Account/Authenticate',
      headers: sealedHeaders,
      payload: body,
    });
    expect(res.headers[PAYLOAD_CODEC_HEADER]).toBe(PAYLOAD_CODEC_NAME);
    expect(res.body).not.toContain('Incorrect');
    const envelope = JSON.parse(await codec.decode(res.json().payload));
    expect(envelope).toMatchObject({
      success: false,
      error: { message: 'Incorrect user name or password.' },
    });
  });

  it('opens a sealed query string', async () => {
    const query = await codec.encode(
      new URLSearchParams({ refreshToken: 'x'.repeat(20) }).toString(),
    );
    const res = await app.inject({
      method: 'GET',
      url: `/api/Account/RefreshToken?payload=${query}`,
      headers: sealedHeaders,
    });
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(await codec.decode(res.json().payload)).unAuthorizedRequest).toBe(true);
  });

  it('still serves plain calls, as a client whose transform failed sends them', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/setting/GetSettingExpiry',
      headers: { host: '99exch.com' },
    });
    expect(res.headers[PAYLOAD_CODEC_HEADER]).toBeUndefined();
    expect(res.json().result).toEqual({ accessTokenSeconds: 1800, refreshTokenSeconds: 604800 });
  });

  it('refuses a payload it cannot open, changing nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Account/Register',
      headers: sealedHeaders,
      payload: { payload: 'not-sealed-at-all' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(await codec.decode(res.json().payload)).error).toMatchObject({
      code: 'MALFORMED_REQUEST',
      message: 'The request could not be decoded.',
    });
  });

  it('tells the client its key through the page, and only when configured', async () => {
    const page = await app.inject({ method: 'GET', url: '/auth/login' });
    expect(page.body).toContain(`<meta name="backlay-payload-codec" content="aes-256-gcm:${KEY}">`);
    const plainPage = await plainApp.inject({ method: 'GET', url: '/auth/login' });
    expect(plainPage.body).not.toContain('backlay-payload-codec');
  });
});
