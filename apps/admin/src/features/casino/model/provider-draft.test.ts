import { describe, expect, it } from 'vitest';
import { buildCasinoProvider } from '../../../shared/test/casino-fixtures';
import { providerChanges, providerDraftOf, providerUpdateOf } from './provider-draft';

const BASE = buildCasinoProvider('king', { baseUrl: 'https://king.example/games/', version: 4 });

describe('a provider’s draft', () => {
  it('sends trimmed values, an empty address as none, on the version loaded', () => {
    const draft = {
      ...providerDraftOf(BASE),
      name: ' King Gaming ',
      baseUrl: '  ',
      testBaseUrl: ' /games/test/ ',
      operatorId: ' bl-01 ',
    };
    expect(providerUpdateOf(draft, BASE)).toEqual({
      code: 'king',
      version: 4,
      name: 'King Gaming',
      baseUrl: null,
      testBaseUrl: '/games/test/',
      operatorId: 'bl-01',
      enabled: true,
    });
  });

  it('lists only what changes, with the built-in providers named', () => {
    const draft = { ...providerDraftOf(BASE), baseUrl: '', enabled: false };
    expect(providerChanges(BASE, providerUpdateOf(draft, BASE))).toEqual([
      {
        label: 'Games (live hosts)',
        before: 'https://king.example/games/',
        after: 'The built-in studio',
      },
      { label: 'Launches', before: 'Enabled', after: 'Disabled' },
    ]);
    expect(providerChanges(BASE, providerUpdateOf(providerDraftOf(BASE), BASE))).toEqual([]);
  });
});
