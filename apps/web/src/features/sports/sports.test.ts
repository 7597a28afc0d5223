import { describe, expect, it } from 'vitest';
import { SPORTS, visibleSports, type SportFlags } from './sports';

const ALL: SportFlags = {
  football: true,
  tennis: true,
  cricket: true,
  kabaddi: true,
  horseRacing: true,
};
const NONE: SportFlags = {
  football: false,
  tennis: false,
  cricket: false,
  kabaddi: false,
  horseRacing: false,
};
const names = (list: ReturnType<typeof visibleSports>) => list.map((s) => s.key);

describe('SPORTS', () => {
  it('carries the ids of spec §3 in order', () => {
    expect(SPORTS.map((s) => s.id)).toEqual([1, 2, 3, 25, 26]);
  });
});

describe('visibleSports', () => {
  it('shows a guest the sports the domain enables', () => {
    expect(names(visibleSports({ ...ALL, tennis: false }, false, null))).toEqual([
      'football',
      'cricket',
      'kabaddi',
      'horseRacing',
    ]);
  });

  it('ignores user flags for a guest', () => {
    expect(names(visibleSports({ ...NONE, cricket: true }, false, { ...NONE }))).toEqual([
      'cricket',
    ]);
  });

  it('needs both the user flag and the domain flag for a player', () => {
    const domain = { ...ALL, kabaddi: false };
    const user = { ...ALL, football: false };
    expect(names(visibleSports(domain, true, user))).toEqual(['tennis', 'cricket', 'horseRacing']);
  });

  it('never shows horse racing unless the domain enables it', () => {
    const domain = { ...ALL, horseRacing: false };
    expect(names(visibleSports(domain, false, null))).not.toContain('horseRacing');
    expect(names(visibleSports(domain, true, ALL))).not.toContain('horseRacing');
  });

  it('shows a player no sports before their user info arrives', () => {
    expect(visibleSports(ALL, true, null)).toEqual([]);
  });
});
