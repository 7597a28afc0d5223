import { describe, expect, it } from 'vitest';
import { brandAddresses } from './new-brand';

describe('brandAddresses', () => {
  it('previews on the port the console is open on, and on none when it has none', () => {
    expect(brandAddresses('fresh.in', '8080')).toEqual({
      live: 'https://fresh.in',
      preview: 'http://fresh.in.localhost:8080',
    });
    expect(brandAddresses('fresh.in', '18180').preview).toBe('http://fresh.in.localhost:18180');
    expect(brandAddresses('fresh.in', '').preview).toBe('http://fresh.in.localhost');
  });
});
