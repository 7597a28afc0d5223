import { describe, expect, it } from 'vitest';
import { readLanguage, readLaunch } from './launch';

describe('the launch URL', () => {
  it('names the language a verify page speaks, English for anything else', () => {
    expect(readLanguage('?lang=hi&hash=ab')).toBe('hi');
    expect(readLanguage('?lang=fr')).toBe('en');
    expect(readLanguage('')).toBe('en');
  });

  it('gives a play page the same language as a verify page, with its token and way back', () => {
    const search = '?token=t0k3n&lang=hi&returnUrl=javascript:alert(1)';
    expect(readLaunch(search)).toEqual({ token: 't0k3n', language: 'hi', returnUrl: null });
    expect(readLaunch(search).language).toBe(readLanguage(search));
  });
});
