import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './loopback';

describe('loopback addresses', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '127.255.255.254',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
  ])('%s is this machine', (address) => expect(isLoopbackAddress(address)).toBe(true));

  it.each([
    '10.0.0.5',
    '128.0.0.1',
    '0.0.0.0',
    '::',
    '::ffff:10.0.0.5',
    '2001:db8::1',
    'localhost',
    '',
    undefined,
  ])('%s is not', (address) => expect(isLoopbackAddress(address)).toBe(false));
});
