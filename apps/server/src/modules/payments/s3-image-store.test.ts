import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, signUpPlayer } from '../account/account-test-kit';
import { build } from '../../test-helper';
import { screenshot } from './payments-test-kit';
import { s3ImageStore, type S3ImageStoreSettings } from './s3-image-store';

/*
 * An S3-compatible endpoint for the tests: it checks every request's AWS Signature Version 4
 * with its own implementation (written from AWS's documentation and checked against the
 * documentation's worked example below), then keeps objects by path.
 */
const hmac = (key: Buffer | string, text: string) =>
  createHmac('sha256', key).update(text).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function expectedSignature(
  request: { method: string; path: string; headers: Record<string, string> },
  secret: string,
): { signature: string; signedHeaders: string; scope: string } {
  const auth = request.headers.authorization ?? '';
  const credential = /Credential=[^/]+\/([^,]+)/.exec(auth)?.[1] ?? '';
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(auth)?.[1] ?? '';
  const [date = '', region = '', service = ''] = credential.split('/');
  const canonical = [
    request.method,
    request.path,
    '',
    ...signedHeaders.split(';').map((name) => `${name}:${(request.headers[name] ?? '').trim()}`),
    '',
    signedHeaders,
    request.headers['x-amz-content-sha256'] ?? '',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    request.headers['x-amz-date'] ?? '',
    scope,
    sha256(canonical),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return { signature: hmac(key, toSign).toString('hex'), signedHeaders, scope };
}

const SETTINGS = {
  bucket: 'backlay-slips',
  region: 'ap-south-1',
  accessKeyId: 'AKIDBACKLAYTEST',
  secretAccessKey: 'a-secret-only-the-test-knows',
  prefix: 'slips/',
};

const objects = new Map<string, { body: Buffer; type: string }>();
const seen: { method: string; path: string; headers: Record<string, string> }[] = [];
let endpoint = '';
const server = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    const request = { method: req.method ?? '', path: req.url ?? '', headers };
    seen.push(request);
    const { signature } = expectedSignature(request, SETTINGS.secretAccessKey);
    const signed = headers.authorization?.endsWith(`Signature=${signature}`);
    const hashed = req.method !== 'PUT' || headers['x-amz-content-sha256'] === sha256(body);
    if (!signed || !hashed) {
      res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    if (req.method === 'PUT') {
      objects.set(request.path, { body, type: headers['content-type'] ?? '' });
      res.writeHead(200).end();
      return;
    }
    const stored = objects.get(request.path);
    if (!stored) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
    else res.writeHead(200, { 'content-type': stored.type }).end(stored.body);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const settings = (): S3ImageStoreSettings => ({ endpoint, ...SETTINGS });

describe('the S3-compatible image store', () => {
  it("checks signatures as AWS's worked example does (GET Object with a Range)", () => {
    const example = expectedSignature(
      {
        method: 'GET',
        path: '/test.txt',
        headers: {
          authorization:
            'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=…',
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': sha256(''),
          'x-amz-date': '20130524T000000Z',
        },
      },
      'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    );
    expect(example.signature).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('writes an image under the bucket and prefix with its type and signed hash, and reads it back', async () => {
    const store = s3ImageStore(settings());
    const key = `${randomUUID()}.png`;
    const bytes = Buffer.from('not really a png, the store does not care');
    await store.put(key, bytes);
    const put = seen.at(-1);
    expect(put?.method).toBe('PUT');
    expect(put?.path).toBe(`/backlay-slips/slips/${key}`);
    expect(put?.headers['content-type']).toBe('image/png');
    expect(put?.headers['x-amz-content-sha256']).toBe(sha256(bytes));
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDBACKLAYTEST\/\d{8}\/ap-south-1\/s3\/aws4_request, ?SignedHeaders=[^,]*x-amz-content-sha256[^,]*, ?Signature=[0-9a-f]{64}$/,
    );
    expect(await store.get(key)).toEqual(bytes);
    expect(await store.get(`${randomUUID()}.jpg`)).toBeNull();
  });

  it('fails loudly when the store refuses (a wrong secret), and never builds a key from input', async () => {
    const wrong = s3ImageStore({ ...settings(), secretAccessKey: 'not-the-secret' });
    const key = `${randomUUID()}.webp`;
    await expect(wrong.put(key, Buffer.from('x'))).rejects.toThrow(/refused .* 403/);
    expect(objects.has(`/backlay-slips/slips/${key}`)).toBe(false);
    await expect(s3ImageStore(settings()).get('../../etc/passwd')).rejects.toThrow(
      /not an image key/,
    );
  });

  it("keeps players' screenshots in the bucket when the app is configured with one", async () => {
    const { app, db } = await build({ config: { imageBucket: settings() } });
    const player = await signUpPlayer(app, db, { host: '99exch.com', ip: '198.18.7.7' });
    const call = caller(app);
    const stored = await call('POST', 'Setting/StoreImage', {
      host: '99exch.com',
      token: player.accessToken,
      body: { image: await screenshot() },
    });
    expect(stored.body.success).toBe(true);
    const id = stored.body.result.id as string;
    expect([...objects.keys()].some((path) => path.startsWith(`/backlay-slips/slips/${id}`))).toBe(
      true,
    );
    const read = await call('GET', 'Setting/GetImage', {
      host: '99exch.com',
      token: player.accessToken,
      query: { id },
    });
    expect(read.body.result.dataUrl).toMatch(/^data:image\/jpeg;base64,/);
  });
});
