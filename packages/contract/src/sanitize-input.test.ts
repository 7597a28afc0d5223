import { describe, expect, it } from 'vitest';
import { SQL_SANITIZING_ENABLED, SQL_WORDS, sanitizeInput, stripMarkup } from './sanitize-input';

describe('sanitizeInput', () => {
  it('leaves ordinary free text alone', () => {
    expect(sanitizeInput('alice_99')).toBe('alice_99');
    expect(sanitizeInput('+91 98765 43210')).toBe('+91 98765 43210');
    expect(sanitizeInput('1k')).toBe('1k');
  });

  it('strips all markup, dropping script and style content', () => {
    expect(sanitizeInput('<b>alice</b>')).toBe('alice');
    expect(sanitizeInput('a<img src=x onerror=alert(1)>b')).toBe('ab');
    expect(sanitizeInput('<script>alert(1)</script>bob')).toBe('bob');
    expect(sanitizeInput('<style>body{}</style>carol')).toBe('carol');
    expect(sanitizeInput('dave<!-- hidden -->')).toBe('dave');
    expect(sanitizeInput('eve<')).toBe('eve');
    expect(sanitizeInput('<<b>>frank')).toBe('frank');
  });

  it('is on by default', () => {
    expect(SQL_SANITIZING_ENABLED).toBe(true);
  });

  it('removes quotes, comment marks and semicolons', () => {
    expect(sanitizeInput(`o'brien`)).toBe('obrien');
    expect(sanitizeInput('say "hi" `now`')).toBe('say hi now');
    expect(sanitizeInput('admin--')).toBe('admin');
    expect(sanitizeInput('a/* x */b')).toBe('a x b');
    expect(sanitizeInput('tag#1;')).toBe('tag1');
  });

  it.each(SQL_WORDS)('removes the word %s as a whole word in any case', (word) => {
    expect(sanitizeInput(`a ${word} b`)).toBe('a  b');
    expect(sanitizeInput(`a ${word.toUpperCase()} b`)).toBe('a  b');
    // Inside another word it stays.
    expect(sanitizeInput(`x${word}y`)).toBe(`x${word}y`);
  });

  it('removes an injection attempt down to harmless words', () => {
    expect(sanitizeInput(`x' OR 1=1; DROP TABLE users; --`)).toBe('x OR 1=1  TABLE users');
    expect(sanitizeInput('1 UNION SELECT password FROM users')).toBe('1   password  users');
  });

  it('repeats until nothing more goes, so split words cannot reassemble', () => {
    expect(sanitizeInput('dr/**/op')).toBe('');
    expect(sanitizeInput('sel<b></b>ect')).toBe('');
    expect(sanitizeInput("un'ion")).toBe('');
  });

  it('keeps SQL-like text when SQL removal is turned off, still stripping markup', () => {
    expect(sanitizeInput(`<i>O'Brien; select</i>`, { sql: false })).toBe(`O'Brien; select`);
  });

  it('trims what is left', () => {
    expect(sanitizeInput('  select alice  ')).toBe('alice');
  });
});

describe('stripMarkup', () => {
  it('strips markup only, leaving quotes, SQL words and spaces', () => {
    expect(stripMarkup('<b>x</b><script>alert(1)</script>')).toBe('x');
    expect(stripMarkup(` <i>O'Brien; select</i> `)).toBe(` O'Brien; select `);
  });

  it('repeats until nothing more goes, so split tags cannot reassemble', () => {
    expect(stripMarkup('<<script>script>alert(1)<</script>/script>x')).toBe('x');
    expect(stripMarkup('<sc<!-- -->ript>alert(1)</script>y')).not.toMatch(/[<>]/);
  });
});
