/**
 * Render cost of one odds update on the market page's ladder.
 *
 * Method:
 * 1. A jsdom document stands in for the browser and React runs its production build, as
 *    players get it. The page's own components render an event of 3 markets × 3 runners,
 *    three back and three lay prices each (`apps/web/src/features/sports/bench/
 *    odds-update-harness.tsx`), with the market page's live query data behind them.
 * 2. Each update is one pushed `MarketOdds` message moving every runner of one market, sent
 *    the way hub pushes travel: market listeners → odds query data → React. Query
 *    notifications run at once and the push runs inside `flushSync`, so the time taken is
 *    the whole update: writing the prices, rendering and committing the DOM changes.
 * 3. Warm-up updates run untimed; then each measured update is timed on its own with
 *    performance.now(). The figures include jsdom's DOM, which is slower than a browser's.
 *
 * Run from the repo root: node --import tsx bench/web/odds-update.bench.ts
 */
import { register as registerHooks } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { register as registerTsx } from 'tsx/esm/api';

// React picks its build when first loaded: the production one, as players run it.
process.env.NODE_ENV = 'production';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HARNESS = path.join(ROOT, 'apps/web/src/features/sports/bench/odds-update-harness.tsx');
const OPTIONS = { markets: 3, runners: 3 };
const WARMUP_UPDATES = 500;
const MEASURED_UPDATES = 3_000;
/** An odds update must commit in under this, at the 99th percentile. */
const BUDGET_P99_MS = 4;

/** The part of jsdom this benchmark uses; the package ships no types of its own. */
interface JsdomModule {
  JSDOM: new (
    html: string,
    options: { url: string; pretendToBeVisual: boolean },
  ) => { window: Record<string, unknown> & { document: { getElementById(id: string): unknown } } };
}

/** The harness's surface, as `odds-update-harness.tsx` exports it. */
interface HarnessModule {
  mountOddsBench: (
    container: unknown,
    options: typeof OPTIONS,
  ) => {
    push: (n: number) => void;
    showsBestBack: (n: number, runnerIndex: number) => boolean;
    unmount: () => void;
  };
}

/** Gives Node the browser globals React and the page use, from a jsdom window. */
function installBrowserGlobals(window: Record<string, unknown>): void {
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globalThis) continue;
    Object.defineProperty(globalThis, key, {
      configurable: true,
      get: () => window[key],
    });
  }
  for (const key of ['window', 'document', 'navigator', 'localStorage', 'HTMLElement', 'Node']) {
    Object.defineProperty(globalThis, key, { configurable: true, value: window[key] });
  }
}

// The page's modules import their stylesheets; Node has no use for them.
const STYLESHEET_HOOKS = `
export async function load(url, context, nextLoad) {
  if (new URL(url).pathname.endsWith('.css')) {
    return { format: 'module', source: '', shortCircuit: true };
  }
  return nextLoad(url, context);
}`;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

const jsdomName = 'jsdom';
const { JSDOM } = (await import(jsdomName)) as JsdomModule;
const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
  url: 'http://localhost/',
  pretendToBeVisual: true,
});
installBrowserGlobals(dom.window);
registerHooks(`data:text/javascript,${encodeURIComponent(STYLESHEET_HOOKS)}`);
// The web app's own compiler settings (automatic JSX runtime) for its modules.
const web = registerTsx({
  namespace: 'odds-update-bench',
  tsconfig: path.join(ROOT, 'apps/web/tsconfig.json'),
});
const { mountOddsBench } = (await web.import(HARNESS, import.meta.url)) as HarnessModule;

const bench = mountOddsBench(dom.window.document.getElementById('root'), OPTIONS);
let n = OPTIONS.markets;
for (let i = 0; i < WARMUP_UPDATES; i++) bench.push(n++);

const timings: number[] = [];
for (let i = 0; i < MEASURED_UPDATES; i++) {
  const start = performance.now();
  bench.push(n);
  timings.push(performance.now() - start);
  n++;
}
const landed = bench.showsBestBack(n - 1, OPTIONS.runners - 1);
bench.unmount();
await web.unregister();

const sorted = [...timings].sort((a, b) => a - b);
const p50 = percentile(sorted, 50);
const p99 = percentile(sorted, 99);
const max = sorted.at(-1) ?? 0;
const overBudget = p99 >= BUDGET_P99_MS || !landed;
console.log(
  `web.odds-update: ${MEASURED_UPDATES} updates of one market (${OPTIONS.markets} markets × ` +
    `${OPTIONS.runners} runners, 3 back + 3 lay each) in jsdom, React production build`,
);
console.log(
  `  per update (push → query data → render → commit): p50 ${p50.toFixed(3)} ms, ` +
    `p99 ${p99.toFixed(3)} ms, max ${max.toFixed(3)} ms`,
);
if (!landed) console.log('  the last update did not reach the ladder');
console.log(
  `web.odds-update: p99 ${p99.toFixed(2)} ms; budget under ${BUDGET_P99_MS} ms: ` +
    `${overBudget ? 'OVER BUDGET' : 'within budget'}`,
);
process.exit(overBudget ? 1 : 0);
