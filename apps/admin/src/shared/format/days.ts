/** A UTC day as the server writes it (`2026-05-01`) in Unix seconds, its midnight in UTC. */
export function dayToUnixSeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

const DAY_LABEL = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  timeZone: 'UTC',
});

/** A UTC day (`2026-05-01`) as the charts and their tables label it: `01 May`. */
export function formatDay(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? day : DAY_LABEL.format(ms);
}
