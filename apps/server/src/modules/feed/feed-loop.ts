/**
 * Runs the built-in simulator in real time: every tick it advances to the clock and applies what
 * happened. A tick that finds the previous one still applying is skipped, so a slow database
 * delays the feed instead of piling work up.
 */
import type { Database } from '../../db/database';
import type { DomainRules } from '../sports/domain-rules';
import { createFeedRunner, type FeedPublisher, type FeedRunnerDeps } from './feed-runner';
import { createSimulator } from './simulator';

const TICK_MS = 1_000;
/** Any number, the same in every instance: one instance of a deployment runs the feed. */
const FEED_ROLE_KEY = 7_262_002;
/** How often an instance without the feed checks whether the one running it has gone. */
const LEADERSHIP_RETRY_MS = 15_000;

export interface FeedLoopOptions {
  db: Database;
  rules: Pick<DomainRules, 'limits'>;
  publisher: FeedPublisher;
  log: FeedRunnerDeps['log'];
  seed: number;
  pace: number;
  /** The feed's clock runs this many times faster than the wall clock (1: real time). */
  timeScale?: number;
}

/**
 * Runs the simulated feed in whichever one instance holds the feed role; the others keep
 * trying, so the feed moves on when that instance stops. Resolves with a stop function.
 */
export async function startSimulatedFeed(options: FeedLoopOptions): Promise<() => Promise<void>> {
  let stopRunning: (() => Promise<void>) | null = null;
  let releaseRole: (() => Promise<void>) | null = null;
  let stopped = false;
  const claim = async () => {
    if (stopped || releaseRole) return;
    releaseRole = await options.db.tryExclusiveRole(FEED_ROLE_KEY);
    if (releaseRole) stopRunning = await runSimulatedFeed(options);
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

async function runSimulatedFeed(options: FeedLoopOptions): Promise<() => Promise<void>> {
  const runner = createFeedRunner({
    db: options.db,
    rules: options.rules,
    publisher: options.publisher,
    log: options.log,
    // Seed and start time: a restart with the same seed still gets ids of its own.
    idPrefix: `sim${options.seed}-${Date.now().toString(36)}-`,
  });
  const abandoned = await runner.abandonOthers();
  if (abandoned > 0) options.log.info({ abandoned }, 'events of an earlier feed run abandoned');
  const startedAt = Date.now();
  const scale = options.timeScale ?? 1;
  const feedNow = () => new Date(startedAt + (Date.now() - startedAt) * scale);
  const simulator = createSimulator({
    seed: options.seed,
    start: new Date(startedAt),
    pace: options.pace,
  });
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runner.applyAll(simulator.advance(feedNow())).finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  options.log.info(
    { seed: options.seed, pace: options.pace, timeScale: scale },
    'simulated sports feed running',
  );
  return async () => {
    clearInterval(timer);
    await running;
  };
}
