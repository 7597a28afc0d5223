import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-return-path';

const ORIGIN = 'https://99exch.com';

describe('safeReturnPath', () => {
  it.each([
    ['/change-password', '/change-password'],
    ['/bet-history?page=2&size=20', '/bet-history?page=2&size=20'],
    ['/markets/1/2#odds', '/markets/1/2#odds'],
    ['/', '/'],
  ])('accepts the same-origin path %s', (to, expected) => {
    expect(safeReturnPath(to, ORIGIN)).toBe(expected);
  });

  it.each([
    '//evil.example/steal',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
    'change-password',
    '/\t/evil.example',
    '/\n/evil.example',
    '',
  ])('refuses %j', (to) => {
    expect(safeReturnPath(to, ORIGIN)).toBeNull();
  });

  it('refuses auth pages, which would only lead back to login', () => {
    expect(safeReturnPath('/auth/login', ORIGIN)).toBeNull();
    expect(safeReturnPath('/auth/logout', ORIGIN)).toBeNull();
    expect(safeReturnPath('/AUTH/signup', ORIGIN)).toBeNull();
    expect(safeReturnPath('/authors', ORIGIN)).toBe('/authors');
  });

  it('refuses nothing given', () => {
    expect(safeReturnPath(null, ORIGIN)).toBeNull();
    expect(safeReturnPath(undefined, ORIGIN)).toBeNull();
  });
});
