// The crash game's frames on a phone: against the real server (`npm start`), a demo player on
// aviatorclub.in opens the game at 390 px (two device pixels per CSS pixel) with Chromium's CPU
// slowed four times, as a mid-range phone's, and for two running rounds the page's animation
// frames over two seconds are timed: frames a second, the 95th percentile gap between frames,
// and the main thread's busy share (script, style, layout, paint). Budget: at least 55 frames a
// second. Chromium runs without a GPU here, so the canvas is painted in software: a phone's GPU
// only does better.
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { startQuickStartServer } from '../support/quick-start-server';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_PORT ?? 18097);
const CPU_SLOWDOWN = 4;
const ROUNDS = 2;
const SAMPLE_MS = 2_000;
/** The budget: frames a second while the multiplier climbs, at the slowdown above. */
const MIN_FPS = 55;

const inPhase = (page: Page, phase: string, timeout: number) =>
  page.locator(`.stage[data-phase="${phase}"]`).waitFor({ timeout });

async function busyMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0) * 1000;
}

/**
 * The page's animation frames' times for up to `SAMPLE_MS` while the round runs. Written as the
 * page's own script: the bench is compiled without the DOM's types, and its compiler would wrap
 * a function's inner functions in a helper the page does not have.
 */
function frameTimes(page: Page): Promise<number[]> {
  return page.evaluate(`new Promise((resolve) => {
    const times = [];
    const tick = (time) => {
      times.push(time);
      const running = document.querySelector('.stage')?.dataset.phase === 'RUNNING';
      if (running && time - times[0] < ${SAMPLE_MS}) requestAnimationFrame(tick);
      else resolve(times);
    };
    requestAnimationFrame(tick);
  })`);
}

const server = await startQuickStartServer(PORT);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--host-resolver-rules=MAP * 127.0.0.1',
  ],
});
let lowest = Infinity;
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
  });
  const lobby = await context.newPage();
  await lobby.goto(`http://aviatorclub.in:${PORT}/auth/login`);
  await lobby.getByRole('button', { name: 'Login with demo ID' }).click();
  await lobby.waitForURL(/\/lobby$/, { timeout: 30_000 });
  const frame = lobby.frameLocator('iframe[title="Casino game"]');
  await frame.getByTestId('game-balance').waitFor({ timeout: 30_000 });
  const gameUrl = await frame
    .locator('html')
    .evaluate(() => (globalThis as unknown as { location: { href: string } }).location.href);
  await lobby.close();

  const page = await context.newPage();
  await page.goto(gameUrl);
  await page.getByTestId('game-balance').waitFor({ timeout: 30_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  for (let round = 1; round <= ROUNDS; round++) {
    // From the start of a round: wait out the one running now, then its betting window.
    await inPhase(page, 'BETTING', 120_000);
    await inPhase(page, 'RUNNING', 30_000);
    const busyBefore = await busyMs(cdp);
    const times = await frameTimes(page);
    const busy = (await busyMs(cdp)) - busyBefore;
    const first = times[0] ?? 0;
    const spanMs = (times[times.length - 1] ?? first) - first;
    if (times.length < 10 || spanMs < 500) {
      console.log(
        `crash-frames.round-${round}: the round crashed too soon to time (${times.length} frames)`,
      );
      round--;
      continue;
    }
    const gaps = times
      .slice(1)
      .map((time, index) => time - (times[index] ?? time))
      .sort((a, b) => a - b);
    const fps = (gaps.length / spanMs) * 1000;
    const p95 = gaps[Math.floor(gaps.length * 0.95)] ?? 0;
    lowest = Math.min(lowest, fps);
    console.log(
      `crash-frames.round-${round}: ${fps.toFixed(1)} frames/s over ${(spanMs / 1000).toFixed(1)} s, ` +
        `gap p95 ${p95.toFixed(1)} ms, main thread busy ${((busy / spanMs) * 100).toFixed(0)}% ` +
        `(CPU slowed ${CPU_SLOWDOWN}×)`,
    );
  }
} finally {
  await browser.close();
  server.stop();
}
const over = !(lowest >= MIN_FPS);
console.log(
  `crash-frames: lowest ${lowest.toFixed(1)} frames/s; budget at least ${MIN_FPS}: ${over ? 'OVER BUDGET' : 'within budget'}`,
);
process.exit(over ? 1 : 0);
