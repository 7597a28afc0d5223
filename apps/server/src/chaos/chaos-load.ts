/**
 * The chaos test's players: demo players, each pinned to one instance, each looping over placing
 * a bet near the market maker's quotes (so some match and some rest), cancelling one of its
 * resting bets, and sending an earlier bet again under the same idempotency key. Every attempt
 * is recorded under its key with what came back, so the checks can tell an acknowledged bet
 * (it must exist, once) from a request whose answer never came (it may exist, at most once).
 *
 * A player whose request got no answer sends it again, under the same key, until an answer
 * comes: what a client does when its instance dies under it.
 */
import { randomUUID } from 'node:crypto';
import { clampTick, tickAtOrBelow, tickToPrice } from '@backlay/exchange/ladder';
import type { Database } from '../db/database';
import type { ServerSlot } from './chaos-cluster';
import { Random } from '../modules/feed/simulator/random';

/** What one request came to. */
export type Outcome =
  /** HTTP 200 with success: the bet exists (or the cancel took effect). */
  | { kind: 'acknowledged'; betId: number }
  /** A refusal the API answered with (not 429): nothing was done. */
  | { kind: 'refused'; reason: string }
  | { kind: 'rate-limited' }
  /** The connection failed or was cut: the request may or may not have been carried out. */
  | { kind: 'no-answer'; error: string }
  /** A 5xx: like no answer, it may or may not have been carried out. */
  | { kind: 'server-error'; status: number; reason: string };

export interface PlaceBody {
  marketId: string;
  runnerId: number;
  side: 'BACK' | 'LAY';
  price: number;
  stake: number;
  idempotencyKey: string;
}

/** Every attempt made under one idempotency key. */
export interface KeyRecord {
  playerId: string;
  body: PlaceBody;
  outcomes: Outcome[];
}

export interface LoadCounts {
  players: number;
  /** Placements sent for the first time under their key. */
  newBets: number;
  /** Keys with at least one acknowledged attempt. */
  acknowledged: number;
  /** Acknowledged bets matched in full or in part when placed. */
  matchedAtOnce: number;
  /** Earlier acknowledged bets sent again under the same key. */
  replays: number;
  /** Requests without an answer sent again under the same key. */
  retries: number;
  cancelsSent: number;
  cancelled: number;
  cancelRefused: number;
  refusedByReason: Record<string, number>;
  rateLimited: number;
  noAnswer: number;
  serverErrors: number;
}

interface OpenMarket {
  id: string;
  runnerIds: number[];
  probabilities: number[];
}

/** Prices beyond this are skipped: a lay there costs a player too much of its play money. */
const MAX_PRICE_HUNDREDTHS = 2_000;
const REQUEST_TIMEOUT_MS = 20_000;
/** Players pause this long between requests: well inside the per-player bet and cancel limits. */
const PAUSE_MS = { min: 250, max: 550 } as const;

/** A seeded stream of numbers in [0, 1), so a run's choices can be repeated. */
export function seededRandom(seed: number): () => number {
  const random = new Random(seed);
  return () => random.next();
}

export type Answer =
  | { status: number; body: { success?: boolean; result?: unknown; error?: unknown } | null }
  | { error: string };

export async function request(
  origin: string,
  method: 'GET' | 'POST',
  apiPath: string,
  token: string | null,
  body?: unknown,
): Promise<Answer> {
  try {
    const res = await fetch(`${origin}/api/${apiPath}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed = null;
    try {
      parsed = JSON.parse(text) as never;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { error: cause ?? (error as Error).name ?? String(error) };
  }
}

function outcomeOf(answer: Answer): Outcome {
  if ('error' in answer) return { kind: 'no-answer', error: answer.error };
  const error = answer.body?.error as { code?: string; details?: unknown } | null | undefined;
  const reason =
    typeof error?.details === 'string' ? error.details : (error?.code ?? `HTTP ${answer.status}`);
  if (answer.status === 429) return { kind: 'rate-limited' };
  if (answer.status >= 500) return { kind: 'server-error', status: answer.status, reason };
  if (answer.status === 200 && answer.body?.success) {
    const bet = (answer.body.result as { bet?: { id?: unknown } } | undefined)?.bet;
    return { kind: 'acknowledged', betId: Number(bet?.id) };
  }
  return { kind: 'refused', reason };
}

/** Open match-odds markets with their fair prices, read from the database about once a second. */
export class MarketBoard {
  markets: OpenMarket[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Database) {}

  async refresh(): Promise<void> {
    const rows = await this.db.query<{ id: string; runners: number[]; fair: number[] }>(
      `SELECT m.id, m.fair_probabilities AS fair,
         ARRAY(SELECT r.runner_id FROM market_runners r WHERE r.market_id = m.id
               ORDER BY r.sort_order) AS runners
       FROM markets m
       WHERE m.status = 'OPEN' AND m.type = 'MATCH_ODDS' AND m.fair_probabilities IS NOT NULL`,
    );
    this.markets = rows
      .filter((row) => row.fair.length === row.runners.length)
      .map((row) => ({ id: row.id, runnerIds: row.runners, probabilities: row.fair }));
  }

  start(): void {
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), 1_000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

interface Player {
  id: string;
  token: string;
  slot: ServerSlot;
  /** Keys this player acknowledged, oldest first. */
  acknowledged: string[];
  /** Bets of this player that rested unmatched in part when last seen. */
  resting: number[];
  /** Keys whose last attempt got no answer (or a 5xx): sent again until one comes. */
  unanswered: string[];
}

/** A demo player on the instance: logs in and reads its own id. */
async function demoPlayer(slot: ServerSlot): Promise<Player> {
  const login = await request(slot.origin, 'GET', 'Account/LoginAsDemoUser', null);
  if ('error' in login || !login.body?.success) {
    throw new Error(`demo login failed: ${JSON.stringify(login)}`);
  }
  const token = (login.body.result as { accessToken: string }).accessToken;
  const setting = await request(slot.origin, 'GET', 'Setting/GetSetting', token);
  if ('error' in setting || !setting.body?.success) {
    throw new Error(`reading the demo player failed: ${JSON.stringify(setting)}`);
  }
  const id = (setting.body.result as { userId: string }).userId;
  return { id, token, slot, acknowledged: [], resting: [], unanswered: [] };
}

export class ChaosLoad {
  readonly records = new Map<string, KeyRecord>();
  readonly counts: LoadCounts = {
    players: 0,
    newBets: 0,
    acknowledged: 0,
    matchedAtOnce: 0,
    replays: 0,
    retries: 0,
    cancelsSent: 0,
    cancelled: 0,
    cancelRefused: 0,
    refusedByReason: {},
    rateLimited: 0,
    noAnswer: 0,
    serverErrors: 0,
  };
  /** Replays answered with another bet than the key's first acknowledgement. */
  readonly replayMismatches: string[] = [];
  /** The first few 5xx answers, to say what went wrong. */
  readonly serverErrorSamples: string[] = [];
  private players: Player[] = [];
  private running: Promise<void>[] = [];
  private stopping = false;

  constructor(
    private readonly board: MarketBoard,
    private readonly random: () => number,
  ) {}

  /** Logs in `count` players, spread over the slots in turn. */
  async addPlayers(count: number, slots: readonly ServerSlot[]): Promise<void> {
    const logins = Array.from({ length: count }, (_, i) => {
      const slot = slots[i % slots.length];
      if (!slot) throw new Error('no server slot');
      return demoPlayer(slot);
    });
    this.players.push(...(await Promise.all(logins)));
    this.counts.players = this.players.length;
  }

  /** The players' ids. */
  playerIds(): string[] {
    return this.players.map((player) => player.id);
  }

  start(): void {
    this.running = this.players.map((player) => this.loop(player));
  }

  /** Lets every player finish the request it is making, then resolves. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  private pick<T>(items: readonly T[]): T | undefined {
    return items[Math.floor(this.random() * items.length)];
  }

  private async loop(player: Player): Promise<void> {
    while (!this.stopping) {
      const roll = this.random();
      if (player.unanswered.length > 0) await this.retry(player);
      else if (roll < 0.12 && player.resting.length > 0) await this.cancel(player);
      else if (roll < 0.24 && player.acknowledged.length > 0) await this.replay(player);
      else await this.placeNew(player);
      const pauseMs = PAUSE_MS.min + this.random() * (PAUSE_MS.max - PAUSE_MS.min);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

  /** A new bet on a random open market, a few ticks either side of its fair price. */
  private newBody(): PlaceBody | null {
    const market = this.pick(this.board.markets);
    if (!market) return null;
    const index = Math.floor(this.random() * market.runnerIds.length);
    const probability = market.probabilities[index] ?? 0;
    const runnerId = market.runnerIds[index];
    if (runnerId === undefined || probability <= 100 / MAX_PRICE_HUNDREDTHS) return null;
    const fairTick = tickAtOrBelow(Math.round(100 / probability));
    if (fairTick === undefined) return null;
    const tick = clampTick(fairTick + Math.floor(this.random() * 7) - 3);
    return {
      marketId: market.id,
      runnerId,
      side: this.random() < 0.5 ? 'BACK' : 'LAY',
      price: tickToPrice(tick),
      stake: 100 + 10 * Math.floor(this.random() * 41),
      idempotencyKey: randomUUID().replace(/-/g, ''),
    };
  }

  private async placeNew(player: Player): Promise<void> {
    const body = this.newBody();
    if (!body) return;
    this.records.set(body.idempotencyKey, { playerId: player.id, body, outcomes: [] });
    this.counts.newBets++;
    await this.place(player, body.idempotencyKey);
  }

  private async replay(player: Player): Promise<void> {
    const key = this.pick(player.acknowledged);
    if (!key) return;
    this.counts.replays++;
    await this.place(player, key);
  }

  private async retry(player: Player): Promise<void> {
    const key = player.unanswered.shift();
    if (!key) return;
    this.counts.retries++;
    await this.place(player, key);
  }

  /** Sends the key's bet and records what came back. */
  private async place(player: Player, key: string): Promise<void> {
    const record = this.records.get(key);
    if (!record) throw new Error(`no record of key ${key}`);
    const answer = await request(player.slot.origin, 'POST', 'Bet/PlaceBetV2', player.token, {
      ...record.body,
    });
    const outcome = outcomeOf(answer);
    const first = record.outcomes.find((o) => o.kind === 'acknowledged');
    record.outcomes.push(outcome);
    this.count(outcome);
    if (outcome.kind === 'no-answer' || outcome.kind === 'server-error') {
      player.unanswered.push(key);
      return;
    }
    if (outcome.kind !== 'acknowledged') return;
    if (first) {
      if (first.betId !== outcome.betId) {
        this.replayMismatches.push(`${key}: bet ${first.betId}, then bet ${outcome.betId}`);
      }
      return;
    }
    this.counts.acknowledged++;
    player.acknowledged.push(key);
    const bet = (answer as { body: { result: { bet: BetAnswer } } }).body.result.bet;
    if (bet.matchedStake > 0) this.counts.matchedAtOnce++;
    if (bet.unmatchedStake > 0) player.resting.push(outcome.betId);
  }

  private async cancel(player: Player): Promise<void> {
    const index = Math.floor(this.random() * player.resting.length);
    const betId = player.resting[index];
    if (betId === undefined) return;
    this.counts.cancelsSent++;
    const answer = await request(player.slot.origin, 'POST', 'Bet/CancelBet', player.token, {
      betId,
    });
    const outcome = outcomeOf(answer);
    if (outcome.kind === 'acknowledged') this.counts.cancelled++;
    else if (outcome.kind === 'refused') this.counts.cancelRefused++;
    else this.count(outcome);
    // Whatever came back, the bet is no longer worth cancelling unless the cancel got lost.
    if (outcome.kind === 'acknowledged' || outcome.kind === 'refused') {
      player.resting.splice(index, 1);
    }
  }

  private count(outcome: Outcome): void {
    switch (outcome.kind) {
      case 'refused':
        this.counts.refusedByReason[outcome.reason] =
          (this.counts.refusedByReason[outcome.reason] ?? 0) + 1;
        return;
      case 'rate-limited':
        this.counts.rateLimited++;
        return;
      case 'no-answer':
        this.counts.noAnswer++;
        return;
      case 'server-error':
        this.counts.serverErrors++;
        if (this.serverErrorSamples.length < 5) {
          this.serverErrorSamples.push(`${outcome.status} ${outcome.reason}`);
        }
        return;
      case 'acknowledged':
        return;
    }
  }
}

interface BetAnswer {
  matchedStake: number;
  unmatchedStake: number;
}
