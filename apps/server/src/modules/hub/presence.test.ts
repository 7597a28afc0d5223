import { describe, expect, it } from 'vitest';
import { PresenceRegistry } from './presence';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));

function connection(id: string, playerId: string | null, domain = '99exch.com') {
  return { connectionId: id, domain, playerId, connectedAt: at(0) };
}
const client = (currentPage: string) => ({
  clientDomain: '99exch.com',
  browser: 'Mozilla/5.0',
  currentPage,
});

describe('the presence registry', () => {
  it('records registrations and heartbeats with their last-seen time', () => {
    const presence = new PresenceRegistry();
    presence.report(connection('c1', 'p1'), client('/matchlist/3'), at(1));
    presence.report(connection('c1', 'p1'), { ...client('/casino'), groupBy: 'g' }, at(21));
    expect(presence.get('c1')).toEqual({
      connectionId: 'c1',
      domain: '99exch.com',
      playerId: 'p1',
      clientDomain: '99exch.com',
      browser: 'Mozilla/5.0',
      currentPage: '/casino',
      groupBy: 'g',
      connectedAt: at(0),
      lastSeenAt: at(21),
    });
    // A registration without GroupBy keeps the one a heartbeat gave.
    presence.report(connection('c1', 'p1'), client('/casino'), at(22));
    expect(presence.get('c1')?.groupBy).toBe('g');
  });

  it('lists by domain and player, most recently seen first, and forgets closed ones', () => {
    const presence = new PresenceRegistry();
    presence.report(connection('c1', 'p1'), client('/a'), at(1));
    presence.report(connection('c2', 'p1'), client('/b'), at(3));
    presence.report(connection('c3', null), client('/a'), at(2));
    presence.report(connection('c4', 'p2', 'cricbet99.com'), client('/a'), at(4));
    expect(presence.list().map((e) => e.connectionId)).toEqual(['c4', 'c2', 'c3', 'c1']);
    expect(presence.list({ domain: '99exch.com' }).map((e) => e.connectionId)).toEqual([
      'c2',
      'c3',
      'c1',
    ]);
    expect(presence.list({ playerId: 'p1' }).map((e) => e.connectionId)).toEqual(['c2', 'c1']);
    presence.remove('c2');
    expect(presence.list({ playerId: 'p1' }).map((e) => e.connectionId)).toEqual(['c1']);
  });

  it('summarises players, guests and pages for operators', () => {
    const presence = new PresenceRegistry();
    presence.report(connection('c1', 'p1'), client('/a'), at(1));
    presence.report(connection('c2', 'p1'), client('/b'), at(1));
    presence.report(connection('c3', null), client('/a'), at(1));
    presence.report(connection('c4', 'p2', 'cricbet99.com'), client('/c'), at(1));
    expect(presence.summary({ domain: '99exch.com' })).toEqual({
      connections: 3,
      players: 1,
      guests: 1,
      pages: [
        { page: '/a', connections: 2 },
        { page: '/b', connections: 1 },
      ],
    });
    expect(presence.summary()).toMatchObject({ connections: 4, players: 2, guests: 1 });
  });

  it('keeps browser names short', () => {
    const presence = new PresenceRegistry();
    const entry = presence.report(
      connection('c1', null),
      { ...client('/'), browser: 'x'.repeat(500) },
      at(1),
    );
    expect(entry.browser).toHaveLength(200);
  });
});
