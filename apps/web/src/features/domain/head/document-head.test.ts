import { describe, expect, it } from 'vitest';
import { applyDocumentHead, composeTitle } from './document-head';

describe('composeTitle', () => {
  it('puts the domain title before the route title', () => {
    expect(composeTitle('99Exch', 'Login')).toBe('99Exch | Login');
  });

  it('uses whichever half is known', () => {
    expect(composeTitle('99Exch', '')).toBe('99Exch');
    expect(composeTitle(null, 'Login')).toBe('Login');
    expect(composeTitle(undefined, undefined)).toBe('');
  });

  it('trims stray spaces', () => {
    expect(composeTitle(' Gold365 ', ' Bet history ')).toBe('Gold365 | Bet history');
  });
});

describe('applyDocumentHead', () => {
  it('writes the title, description and favicon', () => {
    applyDocumentHead(document, {
      title: '99Exch | Login',
      description: 'Back and lay.',
      favicon: '/cdn/assets/99exch.com/favicon.svg',
    });
    expect(document.title).toBe('99Exch | Login');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Back and lay.',
    );
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/cdn/assets/99exch.com/favicon.svg',
    );
  });

  it('updates the existing tags rather than adding more', () => {
    applyDocumentHead(document, { title: 'A', description: 'one', favicon: '/a.svg' });
    applyDocumentHead(document, { title: 'B', description: 'two', favicon: '/b.svg' });
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/b.svg');
  });
});
