import { describe, expect, it } from 'vitest';
import { findDomain, settingsNameFor, themeFor } from '@backlay/domains/hosts';
import { pageRegistry } from './page-registry';

/** A document whose head carries `tags`. */
function pageWith(tags: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = tags;
  return doc;
}

const freshTag =
  '<meta name="backlay-brand" content="{&quot;domain&quot;:&quot;fresh.in&quot;,&quot;theme&quot;:&quot;purple&quot;,&quot;aliases&quot;:[&quot;www.fresh.in&quot;],&quot;casinoOnly&quot;:false,&quot;indexLanding&quot;:true}">';

describe('the page registry', () => {
  it('knows the brand the server named in the page, in production as elsewhere', () => {
    const registry = pageRegistry(pageWith(freshTag), []);
    expect(registry.domains.map((d) => d.domain)).toEqual(['fresh.in']);
    expect(themeFor('www.fresh.in', registry)).toBe('purple');
    expect(findDomain('fresh.in.localhost', registry)?.indexLanding).toBe(true);
    expect(settingsNameFor('fresh.in', registry)).toBe('fresh.in');
    // Test hosts keep their rules without any brand list.
    expect(settingsNameFor('localhost', registry)).toBe('test');
  });

  it('carries no brands of its own in production, and the shipped ones elsewhere', () => {
    const production = pageRegistry(pageWith(''), []);
    expect(production.domains).toEqual([]);
    expect(settingsNameFor('gold365.bet', production)).toBe('gold365.bet');
    expect(themeFor('gold365.bet', production)).toBeNull();
    const development = pageRegistry(pageWith(''));
    expect(themeFor('gold365.bet', development)).toBe('gold365');
  });

  it('ignores a tag that does not describe a brand', () => {
    const registry = pageRegistry(pageWith('<meta name="backlay-brand" content="{}">'), []);
    expect(registry.domains).toEqual([]);
  });
});
