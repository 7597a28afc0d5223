/**
 * Runs the built-in simulator against the wall clock in whichever one instance holds the feed
 * role, and keeps what resumes it in the database (`feed-runs.ts`): a restart, or another
 * instance taking the role over, goes on with the same run, every event where it was, so bets on
 * open markets stay and settle normally.
 *
 * Every tick advances each run to its clock, applies what happened, then records the simulated
 * time it applied up to (one small write) and, every SNAPSHOT_EVERY_MS of simulated time, the
 * simulator's state. A resumed run is rebuilt from its latest snapshot (or its seed, start and
 * pace) and replayed silently up to that mark, so the replay is short however old the run is.
 * Updates applied after the mark by a process that died before recording it are applied again,
 * which the runner makes harmless. A tick that finds the previous one still applying is skipped,
 * and one tick applies at most about MAX_UPDATES_PER_TICK updates, so a feed behind its clock
 * (after an outage: `feed-clock.ts`) catches up over several ticks instead of flooding.
 *
 * A new run starts only on a fresh install, when the stored run cannot be resumed, or when the
 * operator asks for one: a `seed` (FEED_SEED) other than the stored run's, another pace or
 * another number of fixtures. The run it replaces is not voided but winds down: it plays the
 * events it has open to their results and adds no new ones. Only open events nothing can finish
 * are cancelled and their markets voided, with an error in the log: those of a run that cannot
 * be resumed (the simulator no longer builds the same fixtures) or that no stored run owns (left
 * by versions that kept no runs).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { DomainRules } from '../brands';
import { feedTimeMs, resumedClock, type FeedClock } from './feed-clock';
import { createFeedRunner, type FeedPublisher, type FeedRunner } from './feed-runner';
import {
  claimFeedRuns,
  deleteFeedRun,
  insertFeedRun,
  retireFeedRun,
  saveFeedClock,
  saveFeedProgress,
  type FeedRun,
} from './feed-runs';
import {
  createSimulator,
  restoreSimulator,
  simulatorOptions,
  type FeedUpdate,
  type ResumableSimulator,
} from './simulator';

const TICK_MS = 1_000;
/** Any number, the same in every instance: one instance of a deployment runs the feed. */
const FEED_ROLE_KEY = 7_262_002;
/** How often an instance without the feed checks whether the one running it has gone. */
const LEADERSHIP_RETRY_MS = 15_000;
/** A tick stops taking simulated time once it has this many updates to apply. */
export const MAX_UPDATES_PER_TICK = 1_000;
/** A feed behind its clock takes simulated time in steps this long, up to the limit above. */
const CATCH_UP_STEP_MS = 60_000;
/** How often (simulated time) the simulator's state is stored: the most a restart replays. */
const SNAPSHOT_EVERY_MS = 15 * 60_000;
/** A replay without a snapshot lets the server answer requests between steps this long. */
const REPLAY_STEP_MS = 3_600_000;
/**
 * A run winding down this long (simulated) after it was replaced still has open events only if
 * the simulator can no longer finish them: its schedule reaches three days ahead.
 */
const WIND_DOWN_LIMIT_MS = 4 * 24 * 3_600_000;
/** Every simulated run's event ids start so: 'sim<seed>-<start in base 36>-'. */
const RUN_FAMILY = 'sim';
const SEED_LIMIT = 2 ** 31;

export interface FeedLoopOptions {
  db: Database;
  rules: Pick<DomainRules, 'limits'>;
  publisher: FeedPublisher;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /**
   * The seed of a new run; unset, a random one. A stored run keeps its own seed, and a seed
   * other than its own here asks for a new run.
   */
  seed?: number;
  /** How many times faster than real time matches run; another pace asks for a new run. */
  pace: number;
  /** The feed's clock runs this many times faster than the wall clock (1: real time). */
  timeScale?: number;
  /** Fixtures per sport of a new run (the simulator's default when unset). */
  fixturesPerSport?: number;
  /** The wall clock, in ms since the epoch. */
  now?: () => number;
}

/** A stored run that can never be resumed: the simulator cannot rebuild what it had applied. */
class RunCannotResume extends Error {}

interface LiveRun {
  stored: FeedRun;
  simulator: ResumableSimulator;
  runner: FeedRunner;
  clock: FeedClock;
  /** The simulated time the simulator has reached, and the one recorded as applied. */
  advancedToMs: number;
  appliedUntilMs: number | null;
  snapshotAtMs: number | null;
  /** While winding down: the feed's ids of the run's events still open. */
  windingDown: Set<string> | null;
}

export interface FeedLoopRun {
  idPrefix: string;
  seed: number;
  pace: number;
  windingDown: boolean;
  appliedUntilMs: number | null;
  clock: FeedClock;
}

export interface FeedLoop {
  /** Advances every run to its clock and applies what happened. */
  tick(): Promise<void>;
  /** The runs it drives, the current one first. */
  runs(): FeedLoopRun[];
  /** False once another process has taken the runs over: this one must stop. */
  holding(): boolean;
}

/** The open event an update is about, or null for a new fixture (a winding-down run adds none). */
function eventOf(update: FeedUpdate): string | null {
  return update.kind === 'fixture' ? null : update.externalId;
}

/**
 * Claims the stored runs, resumes them (or starts the first), and returns the loop that drives
 * them. The caller holds the feed role.
 */
export async function openFeedLoop(options: FeedLoopOptions): Promise<FeedLoop> {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  const timeScale = options.timeScale ?? 1;
  const holder = randomUUID();
  let holding = true;

  const runnerFor = (idPrefix: string) =>
    createFeedRunner({
      db,
      rules: options.rules,
      publisher: options.publisher,
      log,
      idPrefix,
    });

  /** Rebuilds the run's simulator as it was at its mark: from the snapshot, else its start. */
  async function rebuild(stored: FeedRun): Promise<ResumableSimulator> {
    const markMs = stored.appliedUntilMs;
    let simulator: ResumableSimulator | null = null;
    let fromMs = stored.startMs;
    const snapshot = stored.snapshot;
    if (snapshot !== null && markMs !== null && snapshot.atMs <= markMs) {
      try {
        simulator = restoreSimulator(snapshot.state);
        fromMs = snapshot.atMs;
      } catch (error) {
        log.warn(
          { err: error, run: stored.idPrefix },
          'the feed run snapshot does not fit this version; replaying the run from its start',
        );
      }
    }
    if (simulator === null) {
      try {
        simulator = createSimulator({
          seed: stored.seed,
          start: new Date(stored.startMs),
          pace: stored.pace,
          fixturesPerSport: stored.fixturesPerSport,
        });
      } catch (error) {
        throw new RunCannotResume(`the run's settings are refused: ${String(error)}`);
      }
    }
    if (markMs === null) return simulator;
    for (let atMs = fromMs; atMs < markMs;) {
      atMs = Math.min(markMs, atMs + REPLAY_STEP_MS);
      simulator.skipTo(new Date(atMs));
      await yieldToEventLoop();
    }
    // Also when the mark is the start: the first advance's picture was applied then.
    simulator.skipTo(new Date(markMs));
    return simulator;
  }

  async function resume(stored: FeedRun): Promise<LiveRun> {
    const startedAt = performance.now();
    const runner = runnerFor(stored.idPrefix);
    const simulator = await rebuild(stored);
    if (stored.appliedUntilMs !== null) {
      // Every fixture the simulator has now was applied; one with another title means the
      // simulator plays another feed than the one applied (its code changed).
      const fixtures = simulator.fixtures();
      const titles = await runner.titlesOf(fixtures.map((fixture) => fixture.externalId));
      const other = fixtures.find(
        (fixture) =>
          titles.has(fixture.externalId) && titles.get(fixture.externalId) !== fixture.title,
      );
      if (other !== undefined) {
        throw new RunCannotResume(
          `event ${stored.idPrefix}${other.externalId} is "${titles.get(other.externalId)}", the simulator has "${other.title}"`,
        );
      }
    }
    const { clock, setBackMs } = resumedClock(
      stored.clock,
      stored.appliedUntilMs ?? stored.startMs,
      now(),
      timeScale,
    );
    await saveFeedClock(db, stored.idPrefix, holder, clock);
    if (setBackMs > 0) {
      log.warn(
        { run: stored.idPrefix, setBackMinutes: Math.round(setBackMs / 60_000) },
        'the feed was down longer than it catches up; its clock now runs that much behind',
      );
    }
    const windingDown = stored.retiredAtMs === null ? null : new Set(await runner.openEventIds());
    log.info(
      {
        run: stored.idPrefix,
        seed: stored.seed,
        appliedUntil: stored.appliedUntilMs && new Date(stored.appliedUntilMs).toISOString(),
        replayMs: Math.round(performance.now() - startedAt),
        windingDown: windingDown?.size,
      },
      'feed run resumed',
    );
    return {
      stored,
      simulator,
      runner,
      clock,
      advancedToMs: stored.appliedUntilMs ?? stored.startMs,
      appliedUntilMs: stored.appliedUntilMs,
      snapshotAtMs: stored.snapshot?.atMs ?? null,
      windingDown,
    };
  }

  async function startRun(): Promise<LiveRun> {
    const wallMs = now();
    const settings = simulatorOptions({
      seed: options.seed ?? randomInt(SEED_LIMIT),
      start: new Date(wallMs),
      pace: options.pace,
      ...(options.fixturesPerSport === undefined
        ? {}
        : { fixturesPerSport: options.fixturesPerSport }),
    });
    const stored: FeedRun = {
      idPrefix: `${RUN_FAMILY}${settings.seed}-${wallMs.toString(36)}-`,
      seed: settings.seed,
      pace: settings.pace,
      fixturesPerSport: settings.fixturesPerSport,
      startMs: wallMs,
      clock: { wallMs, feedMs: wallMs, timeScale },
      appliedUntilMs: null,
      snapshot: null,
      retiredAtMs: null,
    };
    await insertFeedRun(db, stored, holder);
    log.info(
      { run: stored.idPrefix, seed: stored.seed, pace: stored.pace, timeScale },
      'new feed run started',
    );
    return {
      stored,
      simulator: createSimulator(settings),
      runner: runnerFor(stored.idPrefix),
      clock: stored.clock,
      advancedToMs: stored.startMs,
      appliedUntilMs: null,
      snapshotAtMs: null,
      windingDown: null,
    };
  }

  /** Why the options ask for a new run instead of the stored one, or null. */
  function replacementReason(stored: FeedRun): string | null {
    if (options.seed !== undefined && options.seed !== stored.seed) {
      return `seed ${options.seed} asked for, the run has ${stored.seed}`;
    }
    if (options.pace !== stored.pace) {
      return `pace ${options.pace} asked for, the run has ${stored.pace}`;
    }
    if (
      options.fixturesPerSport !== undefined &&
      options.fixturesPerSport !== stored.fixturesPerSport
    ) {
      return `${options.fixturesPerSport} fixtures per sport asked for, the run has ${stored.fixturesPerSport}`;
    }
    return null;
  }

  /** Cancels what no run here can finish; logged as an error, since it voids bets. */
  async function abandonUnowned(runs: readonly LiveRun[], runner: FeedRunner): Promise<void> {
    const kept = runs.map((run) => run.stored.idPrefix);
    const abandoned = await runner.abandonOthers(RUN_FAMILY, kept);
    if (abandoned > 0) {
      log.error(
        { abandoned, kept },
        'open events no feed run can finish were cancelled and their markets settled void',
      );
    }
  }

  const runs: LiveRun[] = [];
  for (const stored of await claimFeedRuns(db, holder)) {
    try {
      runs.push(await resume(stored));
    } catch (error) {
      if (!(error instanceof RunCannotResume)) throw error;
      log.error(
        { err: error, run: stored.idPrefix },
        'a stored feed run cannot be resumed; its open events are cancelled and voided',
      );
      await deleteFeedRun(db, stored.idPrefix, holder);
    }
  }
  const current = runs.find((run) => run.stored.retiredAtMs === null);
  const reason = current && replacementReason(current.stored);
  if (current && reason) {
    const atMs = feedTimeMs(current.clock, now());
    await retireFeedRun(db, current.stored.idPrefix, holder, atMs);
    current.stored = { ...current.stored, retiredAtMs: atMs };
    current.windingDown = new Set(await current.runner.openEventIds());
    log.warn(
      { run: current.stored.idPrefix, reason, openEvents: current.windingDown.size },
      'a new feed run starts as asked; the current one winds down: its open events play on to their results, and it adds no new ones',
    );
  }
  runs.sort((a, b) => Number(a.windingDown !== null) - Number(b.windingDown !== null));
  if (!current || reason) runs.unshift(await startRun());
  const first = runs[0];
  if (first) await abandonUnowned(runs, first.runner);

  /** Drops a run that has wound down (or never can); true when it was dropped. */
  async function finishWindingDown(run: LiveRun): Promise<boolean> {
    const open = run.windingDown;
    const retiredAtMs = run.stored.retiredAtMs;
    if (open === null || retiredAtMs === null) return false;
    const overdue = (run.appliedUntilMs ?? retiredAtMs) - retiredAtMs > WIND_DOWN_LIMIT_MS;
    if (open.size > 0 && !overdue) return false;
    if (!(await deleteFeedRun(db, run.stored.idPrefix, holder))) return false;
    runs.splice(runs.indexOf(run), 1);
    if (open.size === 0) {
      log.info({ run: run.stored.idPrefix }, 'feed run wound down');
      return true;
    }
    const [keeper] = runs;
    if (keeper) await abandonUnowned(runs, keeper.runner);
    return true;
  }

  async function tickRun(run: LiveRun): Promise<void> {
    const targetMs = feedTimeMs(run.clock, now());
    const fromMs = run.advancedToMs;
    let toMs = fromMs;
    // The first advance of a new run publishes every fixture as it stands.
    const updates = run.simulator.advance(new Date(toMs));
    while (toMs < targetMs && updates.length < MAX_UPDATES_PER_TICK) {
      toMs = Math.min(targetMs, toMs + CATCH_UP_STEP_MS);
      updates.push(...run.simulator.advance(new Date(toMs)));
    }
    run.advancedToMs = toMs;
    if (run.appliedUntilMs === toMs && updates.length === 0) return;
    const snapshot =
      run.snapshotAtMs === null || toMs - run.snapshotAtMs >= SNAPSHOT_EVERY_MS
        ? run.simulator.snapshot()
        : null;
    const open = run.windingDown;
    const applying =
      open === null
        ? updates
        : updates.filter((update) => {
            const eventId = eventOf(update);
            return eventId !== null && open.has(eventId);
          });
    await run.runner.applyAll(applying);
    const kept = await saveFeedProgress(db, {
      idPrefix: run.stored.idPrefix,
      holder,
      appliedUntilMs: toMs,
      snapshot,
    });
    if (!kept) {
      holding = false;
      log.error(
        { run: run.stored.idPrefix },
        'another process has taken the sports feed over; this one stops running it',
      );
      return;
    }
    run.appliedUntilMs = toMs;
    if (snapshot !== null) run.snapshotAtMs = toMs;
    if (open !== null) {
      for (const update of applying) {
        if (
          update.kind === 'status' &&
          (update.status === 'FINISHED' || update.status === 'CANCELLED')
        ) {
          open.delete(update.externalId);
        }
      }
    }
  }

  for (const run of [...runs]) await finishWindingDown(run);

  return {
    async tick() {
      for (const run of [...runs]) {
        if (!holding) return;
        await tickRun(run);
        if (holding) await finishWindingDown(run);
      }
    },
    runs: () =>
      runs.map((run) => ({
        idPrefix: run.stored.idPrefix,
        seed: run.stored.seed,
        pace: run.stored.pace,
        windingDown: run.windingDown !== null,
        appliedUntilMs: run.appliedUntilMs,
        clock: { ...run.clock },
      })),
    holding: () => holding,
  };
}

/**
 * Runs the simulated feed in whichever one instance holds the feed role; the others keep
 * trying, so the feed moves on when that instance stops. Resolves with a stop function.
 */
export async function startSimulatedFeed(options: FeedLoopOptions): Promise<() => Promise<void>> {
  let stopRunning: (() => Promise<void>) | null = null;
  let releaseRole: (() => Promise<void>) | null = null;
  let stopped = false;
  /** Gives the role up after the loop found another process running the feed. */
  const giveUp = async () => {
    const release = releaseRole;
    releaseRole = null;
    stopRunning = null;
    await release?.();
  };
  const claim = async () => {
    if (stopped || releaseRole) return;
    const release = await options.db.tryExclusiveRole(FEED_ROLE_KEY);
    if (!release) return;
    releaseRole = release;
    try {
      stopRunning = await runSimulatedFeed(options, giveUp);
    } catch (error) {
      releaseRole = null;
      await release();
      throw error;
    }
  };
  await claim();
  const retry = setInterval(() => {
    claim().catch((error: unknown) => options.log.error({ err: error }, 'feed role claim failed'));
  }, LEADERSHIP_RETRY_MS);
  retry.unref();
  if (!releaseRole) options.log.info({}, 'another instance runs the sports feed');
  return async () => {
    stopped = true;
    clearInterval(retry);
    await stopRunning?.();
    await releaseRole?.();
  };
}

async function runSimulatedFeed(
  options: FeedLoopOptions,
  giveUp: () => Promise<void>,
): Promise<() => Promise<void>> {
  const loop = await openFeedLoop(options);
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        await loop.tick();
        if (!loop.holding()) {
          clearInterval(timer);
          await giveUp();
        }
      } catch (error) {
        options.log.error({ err: error }, 'feed tick failed');
      }
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  tick();
  options.log.info(
    { runs: loop.runs().map((run) => run.idPrefix), timeScale: options.timeScale ?? 1 },
    'simulated sports feed running',
  );
  return async () => {
    clearInterval(timer);
    await running;
  };
}
