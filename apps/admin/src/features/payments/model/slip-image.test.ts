import { describe, expect, it } from 'vitest';
import { slipExtension } from './slip-image';

describe('slipExtension', () => {
  it('names the file of an image the console shows', () => {
    expect(slipExtension('data:image/png;base64,iVBORw0KGgo=')).toBe('png');
    expect(slipExtension('data:image/JPEG;base64,/9j/4AAQ')).toBe('jpg');
  });

  it('refuses anything else', () => {
    expect(slipExtension('data:text/html;base64,PGgxPg==')).toBeNull();
    expect(slipExtension('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
    expect(slipExtension('data:image/gif;base64,R0lGODlh')).toBeNull();
    expect(slipExtension('https://example.com/slip.png')).toBeNull();
  });
});
