import { describe, expect, it } from 'vitest';
import { createAesGcmCodec } from './payload-codec';

const KEY = Buffer.alloc(32, 7).toString('base64');
const OTHER_KEY = Buffer.alloc(32, 8).toString('base64');

describe('the AES-GCM payload codec', () => {
  it('round-trips text, with a fresh IV each time', async () => {
    const codec = await createAesGcmCodec(KEY);
    const text = JSON.stringify({ userNameOrEmailAddress: 'ravi', password: 'pässwörd ✓' });
    const first = await codec.encode(text);
    const second = await codec.encode(text);
    expect(first).not.toBe(second);
    expect(first).not.toContain('ravi');
    expect(first).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await codec.decode(first)).toBe(text);
    expect(await codec.decode(second)).toBe(text);
  });

  it('refuses altered payloads and payloads sealed with another key', async () => {
    const codec = await createAesGcmCodec(KEY);
    const sealed = await codec.encode('{"a":1}');
    const flipped = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    await expect(codec.decode(flipped)).rejects.toThrow();
    await expect((await createAesGcmCodec(OTHER_KEY)).decode(sealed)).rejects.toThrow();
    await expect(codec.decode('abc')).rejects.toThrow(/too short/);
  });

  it('refuses keys that are not 256 bits', async () => {
    await expect(createAesGcmCodec(Buffer.alloc(16).toString('base64'))).rejects.toThrow(
      /32 bytes/,
    );
  });
});
