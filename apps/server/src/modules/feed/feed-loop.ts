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

export interface FeedLoopOptions {
  db: Database;
  rules: Pick<DomainRules, 'limits'>;
  publisher: FeedPublisher;
  log: FeedRunnerDeps['log'];
  seed: number;
  pace: number;
}

export async function startSimulatedFeed(options: FeedLoopOptions): Promise<() => Promise<void>> {
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
  const simulator = createSimulator({ seed: options.seed, start: new Date(), pace: options.pace });
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runner.applyAll(simulator.advance(new Date())).finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  options.log.info({ seed: options.seed, pace: options.pace }, 'simulated sports feed running');
  return async () => {
    clearInterval(timer);
    await running;
  };
}
