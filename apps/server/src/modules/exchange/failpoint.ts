/**
 * A fault-injection point of the bet batcher, for the crash tests: the process kills itself
 * dead (SIGKILL, as `kill -9`) at one moment of a bet group's life, so a test can prove what a
 * restart finds. Off unless `BACKLAY_FAILPOINT` names it, and never in production:
 *
 * - `bet-group-before-commit`: after the group decided its bets, before its COMMIT (and before
 *   its writes, when they travel with the COMMIT);
 * - `bet-group-after-commit`: after its COMMIT, before any of its players is answered.
 *
 * `:N` after the name waits for the Nth group that places bets (default the first), so the
 * groups before it are answered first. Names of other modules' failpoints are left alone.
 */
import fs from 'node:fs';

/** The moments of a bet group the batcher reports, with how many bets the group placed. */
export type BetGroupMoment = 'before-commit' | 'after-commit';

/**
 * Resolves at once unless armed for this moment. When it kills, it first lets the process run
 * whatever else is ready (as it would while the database works on COMMIT), so anything sent
 * too early, such as an answer, is out before the process dies.
 */
export type BetGroupFailpoint = (moment: BetGroupMoment, placed: number) => Promise<void>;

/** The environment variable that names a failpoint. */
export const FAILPOINT_VARIABLE = 'BACKLAY_FAILPOINT';

const PATTERN = /^bet-group-(before-commit|after-commit)(?::([1-9]\d{0,5}))?$/;

/** What the process says, on standard error, just before it kills itself at the failpoint. */
export function failpointNotice(moment: BetGroupMoment, group: number, placed: number): string {
  return `failpoint bet-group-${moment} reached: group ${group} placed ${placed} bets; killing the process`;
}

/**
 * The batcher's failpoint for `raw` (the variable's value), or undefined when none is armed.
 * `kill` stands for the process's own SIGKILL; tests of this module pass their own.
 */
export function betGroupFailpoint(
  raw: string | undefined,
  options: {
    production: boolean;
    log: { warn(message: string): void; error(message: string): void };
    kill?: () => void;
  },
): BetGroupFailpoint | undefined {
  if (!raw?.startsWith('bet-group-')) return undefined;
  if (options.production) {
    options.log.error(`${FAILPOINT_VARIABLE}=${raw} is ignored: this is production`);
    return undefined;
  }
  const match = PATTERN.exec(raw);
  if (!match) {
    throw new Error(
      `${FAILPOINT_VARIABLE} must be bet-group-before-commit or bet-group-after-commit, optionally followed by :N, got "${raw}"`,
    );
  }
  const armed = match[1] as BetGroupMoment;
  const nth = Number(match[2] ?? 1);
  const kill = options.kill ?? (() => process.kill(process.pid, 'SIGKILL'));
  options.log.warn(`${FAILPOINT_VARIABLE}=${raw}: this process kills itself at that bet group`);
  let groups = 0;
  return async (moment, placed) => {
    // Only groups that place bets count: one that placed none writes nothing to lose.
    if (moment !== armed || placed === 0 || ++groups !== nth) return;
    const group = groups;
    await new Promise((resolve) => setImmediate(resolve));
    // Written synchronously: a buffered log line would die with the process.
    fs.writeSync(2, `${failpointNotice(moment, group, placed)}\n`);
    kill();
  };
}
