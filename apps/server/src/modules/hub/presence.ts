/**
 * Who is online on this instance: one entry per registered hub connection, with what the
 * client last said about itself (`RegisterClient`, `SendHeartbeat`) and when. Entries leave
 * with their connection, and silent connections are closed by the hub's timeout, so the
 * registry never holds more than the instance's open connections.
 */

export interface PresenceEntry {
  connectionId: string;
  /** The domain the connection was made on (from its Host header). */
  domain: string;
  /** The player, or null for a guest. */
  playerId: string | null;
  /** The domain the client reports (its `Domain` argument). */
  clientDomain: string;
  browser: string;
  currentPage: string;
  groupBy: string | null;
  connectedAt: Date;
  lastSeenAt: Date;
}

export interface PresenceFilter {
  domain?: string;
  playerId?: string;
}

export interface PresenceSummary {
  connections: number;
  /** Distinct players (guests not counted). */
  players: number;
  guests: number;
  /** Connections per current page, most visited first. */
  pages: { page: string; connections: number }[];
}

const BROWSER_MAX_LENGTH = 200;

function matches(entry: PresenceEntry, filter: PresenceFilter): boolean {
  return (
    (filter.domain === undefined || entry.domain === filter.domain) &&
    (filter.playerId === undefined || entry.playerId === filter.playerId)
  );
}

/** The in-memory presence registry of one server instance. */
export class PresenceRegistry {
  readonly #entries = new Map<string, PresenceEntry>();

  /** Records what a client said about itself now; a first report creates the entry. */
  report(
    connection: {
      connectionId: string;
      domain: string;
      playerId: string | null;
      connectedAt: Date;
    },
    client: { clientDomain: string; browser: string; currentPage: string; groupBy?: string | null },
    at: Date,
  ): PresenceEntry {
    const previous = this.#entries.get(connection.connectionId);
    const entry: PresenceEntry = {
      ...connection,
      clientDomain: client.clientDomain,
      browser: client.browser.slice(0, BROWSER_MAX_LENGTH),
      currentPage: client.currentPage,
      groupBy: client.groupBy === undefined ? (previous?.groupBy ?? null) : client.groupBy,
      lastSeenAt: at,
    };
    this.#entries.set(connection.connectionId, entry);
    return entry;
  }

  remove(connectionId: string): void {
    this.#entries.delete(connectionId);
  }

  get(connectionId: string): PresenceEntry | undefined {
    return this.#entries.get(connectionId);
  }

  /** The registered connections, most recently seen first. */
  list(filter: PresenceFilter = {}): PresenceEntry[] {
    return [...this.#entries.values()]
      .filter((entry) => matches(entry, filter))
      .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
  }

  /** Counts for an operator's overview. */
  summary(filter: PresenceFilter = {}): PresenceSummary {
    const players = new Set<string>();
    const pages = new Map<string, number>();
    let connections = 0;
    let guests = 0;
    for (const entry of this.#entries.values()) {
      if (!matches(entry, filter)) continue;
      connections++;
      if (entry.playerId) players.add(`${entry.domain}\n${entry.playerId}`);
      else guests++;
      pages.set(entry.currentPage, (pages.get(entry.currentPage) ?? 0) + 1);
    }
    return {
      connections,
      players: players.size,
      guests,
      pages: [...pages.entries()]
        .map(([page, count]) => ({ page, connections: count }))
        .sort((a, b) => b.connections - a.connections || a.page.localeCompare(b.page)),
    };
  }
}
