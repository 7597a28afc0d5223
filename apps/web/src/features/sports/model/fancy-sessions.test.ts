import type { Market, MarketOdds } from '@backlay/contract/sports';
import { describe, expect, it } from 'vitest';
import { fancySessions } from './fancy-sessions';

let nextId = 1;
function line(name: string, runs: number, status: Market['status'] = 'OPEN'): Market {
  const id = nextId++;
  return {
    id: `1.${id}`,
    eventId: 7,
    name,
    type: 'FANCY',
    status,
    inPlay: true,
    betDelaySeconds: 2,
    line: runs - 0.5,
    fillOrKill: true,
    suspendedReason: null,
    runners: [
      { id: id * 10 + 1, name: 'Yes', sortOrder: 1, result: null },
      { id: id * 10 + 2, name: 'No', sortOrder: 2, result: null },
    ],
  };
}

/** The house's quote on a value: players may take No (lay Yes) or Yes (back Yes) there. */
function quote(market: Market, side: 'no' | 'yes', price = 2, size = 20_000): MarketOdds {
  const yesRunner = market.runners[0]?.id ?? 0;
  const level = [{ price, size }];
  return {
    marketId: market.id,
    status: market.status,
    inPlay: true,
    suspendedReason: null,
    runners: [
      { runnerId: yesRunner, back: side === 'yes' ? level : [], lay: side === 'no' ? level : [] },
    ],
    publishedAt: 1,
  };
}

const byId = (odds: MarketOdds[]) => new Map(odds.map((o) => [o.marketId, o]));

describe('fancySessions', () => {
  it('reads a session as No at one value and Yes at the next, with rates', () => {
    const no84 = line('6 Over Runs MI', 84);
    const yes85 = line('6 Over Runs MI', 85);
    const [session, ...rest] = fancySessions(
      [no84, yes85],
      byId([quote(no84, 'no', 2), quote(yes85, 'yes', 1.9)]),
    );
    expect(rest).toEqual([]);
    expect(session?.name).toBe('6 Over Runs MI');
    expect(session?.no).toMatchObject({ runs: 84, rate: 100, side: 'LAY', market: no84 });
    expect(session?.yes).toMatchObject({ runs: 85, rate: 90, side: 'BACK', market: yes85 });
    expect(session?.state).toEqual({ kind: 'OPEN' });
    expect(session?.lineMoved).toBe(false);
  });

  it('keeps sessions apart by name, in the order they are listed, and skips other markets', () => {
    const a = line('6 Over Runs MI', 50);
    const b = line('Fall of 1st Wkt MI', 30);
    const odds: Market = { ...line('x', 1), type: 'MATCH_ODDS', name: 'Match Odds', line: null };
    const names = fancySessions([a, odds, b], byId([])).map((s) => s.name);
    expect(names).toEqual(['6 Over Runs MI', 'Fall of 1st Wkt MI']);
  });

  it('follows the line to the values quoted now and keeps the old ones for their bets', () => {
    const old84 = line('10 Over Runs MI', 84);
    const old85 = line('10 Over Runs MI', 85);
    const new88 = line('10 Over Runs MI', 88);
    const new89 = line('10 Over Runs MI', 89);
    const [session] = fancySessions(
      [old84, old85, new88, new89],
      byId([quote(old84, 'no', 1.5), quote(new88, 'no'), quote(new89, 'yes')]),
    );
    // The best No is the highest value on offer, the best Yes the lowest.
    expect(session?.no?.runs).toBe(88);
    expect(session?.yes?.runs).toBe(89);
    expect(session?.markets).toHaveLength(4);
  });

  it('says the line moved when an open session has lost a side', () => {
    const no84 = line('6 Over Runs MI', 84);
    const yes85 = line('6 Over Runs MI', 85);
    const unquoted = { ...quote(yes85, 'yes'), runners: [] };
    const [session] = fancySessions([no84, yes85], byId([quote(no84, 'no'), unquoted]));
    expect(session?.yes).toBeNull();
    expect(session?.lineMoved).toBe(true);
    // Prices not read yet are not a moved line.
    const [loading] = fancySessions([no84, yes85], byId([quote(no84, 'no')]));
    expect(loading?.lineMoved).toBe(false);
  });

  it('shows a suspended quoted value as the row state, without asking for new lines', () => {
    const no84 = line('6 Over Runs MI', 84, 'SUSPENDED');
    const yes85 = line('6 Over Runs MI', 85, 'SUSPENDED');
    const [session] = fancySessions([no84, yes85], byId([]));
    expect(session?.state.kind).toBe('SUSPENDED');
    expect(session?.lineMoved).toBe(false);
  });

  it('leaves out a session all of whose values have settled or closed', () => {
    const done = line('6 Over Runs MI', 84, 'SETTLED');
    const closed = line('6 Over Runs MI', 85, 'CLOSED');
    expect(fancySessions([done, closed], byId([]))).toEqual([]);
  });
});
