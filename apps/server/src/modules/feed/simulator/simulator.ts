/**
 * The feed simulator: a discrete-event loop over simulated time. Kick-offs, plays, price
 * refreshes, resumes and abandonments are events on one queue ordered by (time, scheduling
 * order), and each fixture draws from its own random stream, so the feed depends only on the
 * seed and on simulated time, never on how often `advance` is called. The sports decide what
 * happens; this file alone decides what is published: statuses, scores, price thresholds,
 * suspend/resume pairing and results exactly once per market. A session quoted as a line
 * (cricket's fancy) is a family of markets, one per run value, kept by line-book.ts under the
 * same rules.
 *
 * Before the start, prices drift (pre-match-drift.ts): the simulator steps each fixture's walk,
 * more often and more strongly as the start nears, and publishes match odds within sane bounds.
 *
 * A run can be resumed: `skipTo` plays on without publishing (what a feed already applied), and
 * `snapshot` saves the whole state as plain data. A match's state is not saved field by field:
 * each fixture keeps the state its random stream had when it was created and a log of every draw
 * made on that stream since (a drift step, logged with its regime, a play, a wait until the next
 * drift), and `restoreSimulator` builds the fixture again from that state and replays the log. So
 * a snapshot stays small and the sports need to know nothing about it, and restoring costs only
 * the live fixtures' own plays.
 */
import type { EventStatus, SportId } from '@backlay/contract/sports';
import { EventQueue } from './event-queue';
import { SPORTS, externalIdOf, initialStartTimes, laterStartMs } from './fixtures';
import { LineBook, type LineOutput, type SessionSnapshot } from './line-book';
import { driftRegimeAt, driftRegimeOf, driftStep, type DriftRegime } from './pre-match-drift';
import { boundedProbabilities, toFairProbabilities } from './probability';
import { Random } from './random';
import type { PlayOutcome, SportDefinition, SportMatch, Suspension } from './sport-match';
import type { FeedFixture, FeedMarketSpec, FeedUpdate, Simulator, SimulatorOptions } from './types';

const DEFAULT_FIXTURES_PER_SPORT = 6;
const MAX_FIXTURES_PER_SPORT = 100;
const DEFAULT_PACE = 6;
const MAX_PACE = 3600;
/** A move this large in any runner's probability is worth publishing at once. */
const PRICE_MOVE_THRESHOLD = 0.005;
/** In play, prices are checked this often and republished when this old, so never > 60 s. */
const IN_PLAY_REFRESH_MS = 20_000;
const IN_PLAY_MAX_QUIET_MS = 40_000;
/** Before the start, prices go out at least this often, however little they drifted. */
const PRE_MATCH_MAX_QUIET_MS = 15 * 60_000;
/** Before the start no runner is priced above or below these, as markets are not. */
const PRE_MATCH_BOUNDS = { min: 0.02, max: 0.97 } as const;
/** Abandonments come somewhere in this share of the shortest match. */
const ABANDON_SHARES = { min: 0.15, max: 0.85 } as const;
const COMMENTARY_LINES = 10;

type SimEvent =
  | { kind: 'kick-off' | 'play' | 'refresh' | 'drift' | 'abandon'; externalId: string }
  | { kind: 'resume'; externalId: string; marketKey: string };

/**
 * The draws a fixture's stream sees after its creation, as logged in its history; a drift step
 * is logged as its regime's letter (DRIFT_REGIMES).
 */
const DRAW_PLAY = 'p';
const DRAW_WAIT = 'w';

interface MarketState {
  spec: FeedMarketSpec;
  /** Set once decided: the winning runner, or null for void. */
  result: { winner: number | null } | null;
  /** When the market may reopen; null while open. */
  suspendedUntilMs: number | null;
  suspendReason: string;
  lastProbabilities: number[] | null;
  lastPublishedMs: number;
}

interface FixtureRun {
  fixture: FeedFixture;
  sport: SportDefinition;
  match: SportMatch;
  rng: Random;
  /** What the fixture was created from: its stream's state then and the names busy then. */
  rngStateAtCreation: number;
  busyNamesAtCreation: string[];
  /** Every draw on `rng` since the creation, one letter each, oldest first. */
  draws: string;
  status: EventStatus;
  /** Newest first. */
  commentary: string[];
  markets: Map<string, MarketState>;
  /** The sessions the match quotes as lines (line-book.ts), whose values are not in `markets`. */
  lines: LineBook | null;
}

interface MarketSnapshot extends Omit<MarketState, 'spec'> {
  key: string;
}

interface FixtureSnapshot {
  externalId: string;
  sportId: SportId;
  startAtMs: number;
  rngStateAtCreation: number;
  busyNamesAtCreation: string[];
  draws: string;
  /** Checked when the fixture is built again: a different title means different code. */
  title: string;
  status: EventStatus;
  commentary: string[];
  markets: MarketSnapshot[];
  sessions: SessionSnapshot[];
}

/** A simulator's whole state as plain (JSON) data; `restoreSimulator` continues from it. */
export interface SimulatorSnapshot {
  version: 1;
  options: { seed: number; startMs: number; fixturesPerSport: number; pace: number };
  clockMs: number;
  snapshotDue: boolean;
  rngState: number;
  serials: [SportId, number][];
  /** Pending events in the order they were scheduled. */
  queue: { atMs: number; event: SimEvent }[];
  /** Current fixtures in creation order. */
  fixtures: FixtureSnapshot[];
}

/** A simulator that can be resumed in another process, exactly where it was. */
export interface ResumableSimulator extends Simulator {
  /**
   * Plays everything up to `to` exactly as `advance(to)` would, publishing none of it: for a
   * feed whose updates up to `to` were applied already.
   */
  skipTo(to: Date): void;
  /** The whole state, as plain data: `restoreSimulator` goes on from it. */
  snapshot(): SimulatorSnapshot;
}

/** The options with their defaults filled in; a RangeError names the first that is invalid. */
export function simulatorOptions(options: SimulatorOptions): Required<SimulatorOptions> {
  const fixturesPerSport = options.fixturesPerSport ?? DEFAULT_FIXTURES_PER_SPORT;
  const pace = options.pace ?? DEFAULT_PACE;
  if (!Number.isFinite(options.seed)) throw new RangeError('seed must be a finite number');
  if (!Number.isFinite(options.start.getTime())) throw new RangeError('start must be a valid date');
  if (
    !Number.isInteger(fixturesPerSport) ||
    fixturesPerSport < 1 ||
    fixturesPerSport > MAX_FIXTURES_PER_SPORT
  ) {
    throw new RangeError(
      `fixturesPerSport must be a whole number from 1 to ${MAX_FIXTURES_PER_SPORT}`,
    );
  }
  if (!Number.isFinite(pace) || pace <= 0 || pace > MAX_PACE) {
    throw new RangeError(`pace must be above 0 and at most ${MAX_PACE}`);
  }
  return { seed: options.seed, start: options.start, fixturesPerSport, pace };
}

/** The largest change in any runner's probability. */
function largestMove(before: readonly number[], after: readonly number[]): number {
  return after.reduce(
    (largest, p, index) => Math.max(largest, Math.abs(p - (before[index] ?? 0))),
    0,
  );
}

/** Whether prices are worth publishing: never published, moved noticeably, or gone stale. */
function pricesDue(
  last: readonly number[] | null,
  next: readonly number[],
  lastPublishedMs: number,
  atMs: number,
  maxQuietMs: number,
): boolean {
  return (
    atMs - lastPublishedMs >= maxQuietMs ||
    last === null ||
    largestMove(last, next) >= PRICE_MOVE_THRESHOLD
  );
}

class FeedSimulator implements ResumableSimulator {
  private readonly options: Required<SimulatorOptions>;
  private readonly rng: Random;
  private readonly pace: number;
  private readonly queue = new EventQueue<SimEvent>();
  /** Current fixtures in creation order; a fixture leaves when it is finished and replaced. */
  private readonly runs = new Map<string, FixtureRun>();
  private readonly serials = new Map<SportId, number>();
  /** Everything up to this time has been simulated. */
  private clockMs: number;
  /** Where published updates go; null while nothing may be published (the warm-up). */
  private output: FeedUpdate[] | null = null;
  private snapshotDue = true;

  constructor(options: SimulatorOptions, saved?: SimulatorSnapshot) {
    this.options = simulatorOptions(options);
    const { seed, start, fixturesPerSport, pace } = this.options;
    this.pace = pace;
    if (saved !== undefined) {
      this.rng = new Random(saved.rngState);
      this.clockMs = saved.clockMs;
      this.restore(saved);
      return;
    }
    this.rng = new Random(seed);
    const startMs = start.getTime();
    for (const sport of SPORTS) {
      for (const startAtMs of initialStartTimes(this.rng, sport, fixturesPerSport, startMs, pace)) {
        this.addFixture(sport, startAtMs, startMs);
      }
    }
    // Matches already under way at `start` are played silently up to it; the first advance
    // publishes where they stand.
    this.runUntil(startMs - 1);
    this.clockMs = startMs;
  }

  advance(to: Date): FeedUpdate[] {
    const updates: FeedUpdate[] = [];
    this.step(to, updates);
    return updates;
  }

  skipTo(to: Date): void {
    this.step(to, null);
  }

  fixtures(): FeedFixture[] {
    return [...this.runs.values()].map((run) => run.fixture);
  }

  snapshot(): SimulatorSnapshot {
    const { seed, start, fixturesPerSport, pace } = this.options;
    return {
      version: 1,
      options: { seed, startMs: start.getTime(), fixturesPerSport, pace },
      clockMs: this.clockMs,
      snapshotDue: this.snapshotDue,
      rngState: this.rng.saveState(),
      serials: [...this.serials.entries()],
      queue: this.queue.pending().map(({ atMs, item }) => ({ atMs, event: structuredClone(item) })),
      fixtures: [...this.runs.values()].map((run) => ({
        externalId: run.fixture.externalId,
        sportId: run.sport.sportId,
        startAtMs: run.fixture.startAt.getTime(),
        rngStateAtCreation: run.rngStateAtCreation,
        busyNamesAtCreation: [...run.busyNamesAtCreation],
        draws: run.draws,
        title: run.fixture.title,
        status: run.status,
        commentary: [...run.commentary],
        markets: [...run.markets.values()].map(({ spec, ...market }) => ({
          ...market,
          key: spec.key,
          result: market.result && { ...market.result },
          lastProbabilities: market.lastProbabilities && [...market.lastProbabilities],
        })),
        sessions: run.lines?.save() ?? [],
      })),
    };
  }

  /** Advances to `to`, publishing into `output` (or nowhere: a silent replay). */
  private step(to: Date, output: FeedUpdate[] | null): void {
    const toMs = to.getTime();
    if (!Number.isFinite(toMs)) throw new RangeError('advance needs a valid date');
    this.output = output;
    try {
      if (this.snapshotDue) {
        this.snapshotDue = false;
        this.publishSnapshot();
      }
      if (toMs > this.clockMs) {
        this.runUntil(toMs);
        this.clockMs = toMs;
      }
    } finally {
      this.output = null;
    }
  }

  /** Builds the state `saved` describes; throws when it does not fit this simulator's code. */
  private restore(saved: SimulatorSnapshot): void {
    this.snapshotDue = saved.snapshotDue;
    for (const [sportId, serial] of saved.serials) this.serials.set(sportId, serial);
    for (const fixture of saved.fixtures) {
      const sport = SPORTS.find((candidate) => candidate.sportId === fixture.sportId);
      if (sport === undefined)
        throw new Error(`the snapshot has an unknown sport ${fixture.sportId}`);
      const { run } = this.createRun(
        sport,
        fixture.externalId,
        new Random(fixture.rngStateAtCreation),
        fixture.startAtMs,
        fixture.busyNamesAtCreation,
        saved.clockMs,
      );
      for (const draw of fixture.draws) this.replayDraw(run, draw);
      if (run.fixture.title !== fixture.title) {
        throw new Error(`fixture ${fixture.externalId} of the snapshot cannot be built again`);
      }
      run.status = fixture.status;
      run.commentary = [...fixture.commentary];
      for (const { key, ...state } of fixture.markets) {
        const market = run.markets.get(key);
        if (market === undefined) throw new Error(`the snapshot has an unknown market ${key}`);
        Object.assign(market, {
          ...state,
          result: state.result && { ...state.result },
          lastProbabilities: state.lastProbabilities && [...state.lastProbabilities],
        });
      }
      if (run.lines !== null) run.lines.load(fixture.sessions);
      else if (fixture.sessions.length > 0) {
        throw new Error(`fixture ${fixture.externalId} of the snapshot has sessions`);
      }
      this.runs.set(fixture.externalId, run);
    }
    for (const { atMs, event } of saved.queue) this.queue.push(atMs, structuredClone(event));
  }

  private replayDraw(run: FixtureRun, draw: string): void {
    switch (draw) {
      case DRAW_PLAY:
        this.playMatch(run);
        return;
      case DRAW_WAIT:
        // One uniform whatever the regime: the wait's bounds do not change what is drawn.
        this.driftWaitMs(run, driftRegimeAt(0));
        return;
      default: {
        const regime = driftRegimeOf(draw);
        if (regime === undefined) throw new Error(`the snapshot has an unknown draw ${draw}`);
        this.driftMatch(run, regime);
      }
    }
  }

  /** The draws on a fixture's own stream after its creation, each logged for `restore`. */
  private driftMatch(run: FixtureRun, regime: DriftRegime): void {
    run.draws += regime.draw;
    const news = run.rng.chance(regime.newsChance);
    run.match.drift(driftStep(regime, news));
  }

  private playMatch(run: FixtureRun): PlayOutcome {
    run.draws += DRAW_PLAY;
    return run.match.play();
  }

  private driftWaitMs(run: FixtureRun, regime: DriftRegime): number {
    run.draws += DRAW_WAIT;
    return Math.round(run.rng.between(regime.gapMs.min, regime.gapMs.max));
  }

  private emit(update: FeedUpdate): void {
    this.output?.push(update);
  }

  private runUntil(limitMs: number): void {
    for (
      let due = this.queue.peekTime();
      due !== undefined && due <= limitMs;
      due = this.queue.peekTime()
    ) {
      const next = this.queue.pop();
      if (next !== undefined) this.handle(next.item, next.atMs);
    }
  }

  private handle(event: SimEvent, atMs: number): void {
    const run = this.runs.get(event.externalId);
    if (run === undefined) return;
    switch (event.kind) {
      case 'kick-off':
        if (run.status !== 'UPCOMING') return;
        run.status = 'IN_PLAY';
        this.emit({ kind: 'status', externalId: run.fixture.externalId, status: 'IN_PLAY' });
        this.queue.push(atMs + IN_PLAY_REFRESH_MS, {
          kind: 'refresh',
          externalId: event.externalId,
        });
        this.play(run, atMs);
        return;
      case 'play':
        if (run.status === 'IN_PLAY') this.play(run, atMs);
        return;
      case 'refresh':
        if (run.status !== 'IN_PLAY') return;
        this.publishPrices(run, atMs, IN_PLAY_MAX_QUIET_MS);
        this.queue.push(atMs + IN_PLAY_REFRESH_MS, event);
        return;
      case 'drift':
        if (run.status !== 'UPCOMING') return;
        this.driftMatch(run, driftRegimeAt(run.fixture.startAt.getTime() - atMs));
        this.publishPrices(run, atMs, PRE_MATCH_MAX_QUIET_MS);
        this.scheduleDrift(run, atMs);
        return;
      case 'abandon':
        if (run.status === 'IN_PLAY') this.abandon(run, atMs);
        return;
      case 'resume':
        if (run.lines?.hasSession(event.marketKey)) {
          run.lines.resume(this.lineOutput(run), event.marketKey, atMs);
        } else this.resume(run, event.marketKey, atMs);
        return;
    }
  }

  private play(run: FixtureRun, atMs: number): void {
    const outcome = this.playMatch(run);
    this.addCommentary(run, outcome.commentary);
    this.publishScore(run);
    if (outcome.suspension !== null) {
      this.suspend(run, outcome.suspension, atMs, outcome.nextPlayInSeconds);
    }
    for (const decision of outcome.decided) this.settle(run, decision.marketKey, decision.winner);
    for (const sessionKey of outcome.sessionsDecided ?? []) {
      run.lines?.settle(this.lineOutput(run), sessionKey);
    }
    if (outcome.nextPlayInSeconds === null) {
      this.finish(run, 'FINISHED', atMs);
      return;
    }
    this.publishPrices(run, atMs, IN_PLAY_MAX_QUIET_MS);
    const delayMs = Math.max(1, Math.round((outcome.nextPlayInSeconds * 1000) / this.pace));
    this.queue.push(atMs + delayMs, { kind: 'play', externalId: run.fixture.externalId });
  }

  private abandon(run: FixtureRun, atMs: number): void {
    this.addCommentary(run, [run.sport.abandonReason]);
    this.publishScore(run);
    this.finish(run, 'CANCELLED', atMs);
  }

  /** Ends a fixture: its status, a result for every market still open, then its replacement. */
  private finish(run: FixtureRun, status: 'FINISHED' | 'CANCELLED', atMs: number): void {
    run.status = status;
    const externalId = run.fixture.externalId;
    this.emit({ kind: 'status', externalId, status });
    for (const market of run.markets.values()) {
      if (market.result !== null) continue;
      this.settle(
        run,
        market.spec.key,
        status === 'CANCELLED' ? null : run.match.winner(market.spec.key),
      );
    }
    run.lines?.settleAll(this.lineOutput(run), status === 'CANCELLED');
    this.runs.delete(externalId);
    const replacement = this.addFixture(run.sport, laterStartMs(this.rng, atMs), atMs);
    this.emit({ kind: 'fixture', fixture: replacement.fixture });
    this.publishPrices(replacement, atMs, 0);
  }

  private suspend(
    run: FixtureRun,
    suspension: Suspension,
    atMs: number,
    nextPlayInSeconds: number | null,
  ): void {
    const share = suspension.maxShareOfNextPlay;
    const seconds =
      share === undefined || nextPlayInSeconds === null
        ? suspension.seconds
        : Math.min(suspension.seconds, (share * nextPlayInSeconds) / this.pace);
    const untilMs = atMs + Math.max(1, Math.round(seconds * 1000));
    const externalId = run.fixture.externalId;
    for (const marketKey of suspension.marketKeys) {
      if (run.lines?.hasSession(marketKey)) {
        if (run.lines.suspend(this.lineOutput(run), marketKey, suspension.reason, untilMs)) {
          this.queue.push(untilMs, { kind: 'resume', externalId, marketKey });
        }
        continue;
      }
      const market = run.markets.get(marketKey);
      if (market === undefined || market.result !== null) continue;
      if (market.suspendedUntilMs === null) {
        market.suspendReason = suspension.reason;
        this.emit({
          kind: 'suspend',
          externalId: run.fixture.externalId,
          marketKey,
          reason: suspension.reason,
        });
      }
      // A second big moment while suspended keeps the market closed until the later reopening.
      market.suspendedUntilMs = Math.max(market.suspendedUntilMs ?? 0, untilMs);
      this.queue.push(untilMs, { kind: 'resume', externalId: run.fixture.externalId, marketKey });
    }
  }

  private resume(run: FixtureRun, marketKey: string, atMs: number): void {
    const market = run.markets.get(marketKey);
    if (market === undefined || market.result !== null || market.suspendedUntilMs === null) return;
    if (market.suspendedUntilMs > atMs) return;
    market.suspendedUntilMs = null;
    // Fresh prices first, so the market never reopens on the prices from before the moment.
    this.publishMarketPrices(run, market, atMs);
    this.emit({ kind: 'resume', externalId: run.fixture.externalId, marketKey });
  }

  private settle(run: FixtureRun, marketKey: string, winner: number | null): void {
    const market = run.markets.get(marketKey);
    if (market === undefined || market.result !== null) return;
    market.result = { winner };
    market.suspendedUntilMs = null;
    this.emit({ kind: 'result', externalId: run.fixture.externalId, marketKey, winner });
  }

  /**
   * Publishes each open market's prices that moved noticeably or are older than `maxQuietMs`,
   * and moves the lines of sessions quoted as lines.
   */
  private publishPrices(run: FixtureRun, atMs: number, maxQuietMs: number): void {
    for (const market of run.markets.values()) {
      if (market.result !== null || market.suspendedUntilMs !== null) continue;
      const probabilities = this.fairProbabilities(run, market);
      const { lastProbabilities, lastPublishedMs } = market;
      if (pricesDue(lastProbabilities, probabilities, lastPublishedMs, atMs, maxQuietMs)) {
        this.publishMarketPrices(run, market, atMs, probabilities);
      }
    }
    run.lines?.refresh(this.lineOutput(run), atMs, maxQuietMs);
  }

  /** Where a fixture's line book publishes, by this simulator's rules. */
  private lineOutput(run: FixtureRun): LineOutput {
    return {
      externalId: run.fixture.externalId,
      publishable: (raw) => this.publishable(run, raw),
      due: pricesDue,
      emit: (update) => this.emit(update),
    };
  }

  private publishMarketPrices(
    run: FixtureRun,
    market: MarketState,
    atMs: number,
    probabilities = this.fairProbabilities(run, market),
  ): void {
    market.lastProbabilities = probabilities;
    market.lastPublishedMs = atMs;
    this.emit({
      kind: 'prices',
      externalId: run.fixture.externalId,
      marketKey: market.spec.key,
      probabilities: [...probabilities],
    });
  }

  /** A market's prices as published. */
  private fairProbabilities(run: FixtureRun, market: MarketState): number[] {
    return this.publishable(run, run.match.probabilities(market.spec.key));
  }

  /** Raw probabilities as published: within the pre-match bounds before the start. */
  private publishable(run: FixtureRun, raw: readonly number[]): number[] {
    if (run.status !== 'UPCOMING') return toFairProbabilities(raw);
    return boundedProbabilities(raw, PRE_MATCH_BOUNDS.min, PRE_MATCH_BOUNDS.max);
  }

  private publishScore(run: FixtureRun): void {
    const lines = run.match.lines;
    this.emit({
      kind: 'score',
      externalId: run.fixture.externalId,
      score: {
        ...run.match.scoreboard(),
        commentary: [...run.commentary],
        // Where each session stands, so players can follow a line against the runs so far.
        ...(lines
          ? { sessions: lines.sessions.map(({ key }) => ({ key, value: lines.value(key) })) }
          : {}),
      },
    });
  }

  /** The first advance's picture of every fixture as it stands at `start`. */
  private publishSnapshot(): void {
    for (const run of this.runs.values()) {
      const externalId = run.fixture.externalId;
      this.emit({ kind: 'fixture', fixture: run.fixture });
      if (run.status === 'IN_PLAY') {
        this.emit({ kind: 'status', externalId, status: 'IN_PLAY' });
        this.publishScore(run);
      }
      for (const market of run.markets.values()) {
        const marketKey = market.spec.key;
        if (market.result !== null) {
          // Decided during the warm-up, when nothing was published: publish it now.
          this.emit({ kind: 'result', externalId, marketKey, winner: market.result.winner });
          continue;
        }
        this.publishMarketPrices(run, market, this.clockMs);
        if (market.suspendedUntilMs !== null) {
          this.emit({ kind: 'suspend', externalId, marketKey, reason: market.suspendReason });
        }
      }
      const announced = new Set(run.fixture.markets.map((market) => market.key));
      run.lines?.picture(this.lineOutput(run), this.clockMs, announced);
    }
  }

  private addCommentary(run: FixtureRun, lines: readonly string[]): void {
    for (const line of lines) run.commentary.unshift(line);
    run.commentary.length = Math.min(run.commentary.length, COMMENTARY_LINES);
  }

  private addFixture(sport: SportDefinition, startAtMs: number, nowMs: number): FixtureRun {
    const serial = (this.serials.get(sport.sportId) ?? 0) + 1;
    this.serials.set(sport.sportId, serial);
    const externalId = externalIdOf(sport.sportId, serial);
    const busyNames = [...this.runs.values()]
      .filter((run) => run.sport === sport)
      .flatMap((run) => run.fixture.participants);
    const { run, abandonShare } = this.createRun(
      sport,
      externalId,
      this.rng.fork(),
      startAtMs,
      busyNames,
      nowMs,
    );
    this.runs.set(externalId, run);
    this.queue.push(startAtMs, { kind: 'kick-off', externalId });
    if (startAtMs > nowMs) this.scheduleDrift(run, nowMs);
    if (abandonShare !== null) {
      const intoMatchMs = (abandonShare * sport.shortestMatchSeconds * 1000) / this.pace;
      this.queue.push(startAtMs + Math.round(intoMatchMs), { kind: 'abandon', externalId });
    }
    return run;
  }

  /**
   * A fixture and its match, from the fixture's own stream alone (and the names busy elsewhere):
   * `restore` builds a saved fixture again through here.
   */
  private createRun(
    sport: SportDefinition,
    externalId: string,
    rng: Random,
    startAtMs: number,
    busyNames: string[],
    nowMs: number,
  ): { run: FixtureRun; abandonShare: number | null } {
    const rngStateAtCreation = rng.saveState();
    const abandonShare = rng.chance(sport.abandonChance)
      ? rng.between(ABANDON_SHARES.min, ABANDON_SHARES.max)
      : null;
    const startAt = new Date(startAtMs);
    const created = sport.createFixture({ rng, startAt, busyNames: new Set(busyNames) });
    const sessions = created.match.lines;
    const lines = sessions === undefined ? null : new LineBook(sessions, created.markets, nowMs);
    const run: FixtureRun = {
      fixture: {
        externalId,
        sportId: sport.sportId,
        competition: created.competition,
        venueTimeZone: created.venueTimeZone,
        title: created.title,
        participants: created.participants,
        startAt,
        markets: created.markets,
      },
      sport,
      match: created.match,
      rng,
      rngStateAtCreation,
      busyNamesAtCreation: busyNames,
      draws: '',
      status: 'UPCOMING',
      commentary: [],
      lines,
      markets: new Map(
        created.markets
          .filter((spec) => lines === null || !lines.owns(spec.key))
          .map((spec): [string, MarketState] => [
            spec.key,
            {
              spec,
              result: null,
              suspendedUntilMs: null,
              suspendReason: '',
              lastProbabilities: null,
              lastPublishedMs: nowMs,
            },
          ]),
      ),
    };
    return { run, abandonShare };
  }

  private scheduleDrift(run: FixtureRun, nowMs: number): void {
    const startAtMs = run.fixture.startAt.getTime();
    const atMs = nowMs + this.driftWaitMs(run, driftRegimeAt(startAtMs - nowMs));
    if (atMs < startAtMs) {
      this.queue.push(atMs, { kind: 'drift', externalId: run.fixture.externalId });
    }
  }
}

/** A deterministic feed of invented fixtures, scores, fair prices and results. */
export function createSimulator(options: SimulatorOptions): ResumableSimulator {
  return new FeedSimulator(options);
}

/**
 * The simulator a snapshot was taken of, in the same state: it goes on exactly as that one would
 * have. Throws when the snapshot does not fit this code (another version, other sports).
 */
export function restoreSimulator(saved: SimulatorSnapshot): ResumableSimulator {
  if (saved.version !== 1) throw new Error(`unknown simulator snapshot version ${saved.version}`);
  const { seed, startMs, fixturesPerSport, pace } = saved.options;
  return new FeedSimulator({ seed, start: new Date(startMs), fixturesPerSport, pace }, saved);
}
