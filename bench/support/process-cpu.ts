// CPU time of processes on this machine, read from /proc (Linux): what a benchmark's work cost
// the processes that did it, a steadier figure than throughput on a shared machine.
import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU milliseconds so far of every process named `name`, by pid; empty where /proc is missing. */
export function cpuMsByProcess(name: string): Map<number, number> {
  const byPid = new Map<number, number>();
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return byPid;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    if (stat.slice(open + 1, close) !== name) continue;
    // After the name: state, ppid, …; utime and stime are the 12th and 13th fields from there.
    const fields = stat.slice(close + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    byPid.set(Number(entry), (ticks * 1000) / TICKS_PER_SECOND);
  }
  return byPid;
}

/** CPU milliseconds spent between two readings by the processes present in both. */
export function cpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) {
    const earlier = before.get(pid);
    if (earlier !== undefined) total += ms - earlier;
  }
  return total;
}

/**
 * The PostgreSQL server processes of this database's connections, and the WAL writer they
 * share: what a benchmark's own work costs the server, without other databases' load on a
 * shared machine (tests running beside it).
 */
export async function postgresPidsOf(db: {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}): Promise<Set<number>> {
  const rows = await db.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
     WHERE datname = current_database() OR backend_type = 'walwriter'`,
  );
  return new Set(rows.map((row) => row.pid));
}

/** `cpuMsBetween` for the processes in `pids` only. */
export function cpuMsOfPids(
  before: Map<number, number>,
  after: Map<number, number>,
  pids: ReadonlySet<number>,
): number {
  const only = (readings: Map<number, number>) =>
    new Map([...readings].filter(([pid]) => pids.has(pid)));
  return cpuMsBetween(only(before), only(after));
}
