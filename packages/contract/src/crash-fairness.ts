/**
 * The crash game's provably fair maths, shared by the studio's server (which plays the rounds)
 * and the game's verify page (which recomputes them in the browser). Pure and synchronous: the
 * same inputs give the same crash point on both sides, to the hundredth.
 *
 * - **The hash chain.** The studio draws a secret seed `c0` and hashes it `L` times:
 *   `c(k+1) = SHA-256(c(k))` over the 32 raw bytes, written as 64 lowercase hex digits. It
 *   publishes the last one, `c(L)`, the terminating hash, before the first round, and plays the
 *   chain backwards: round 1 uses `c(L-1)`, round 2 `c(L-2)`, and so on. Each round's hash is
 *   revealed when it crashes; anyone can check that SHA-256 of it is the hash of the round
 *   before (or the terminating hash for round 1), so no round's outcome could have been chosen
 *   after the chain was published.
 * - **The crash point** of a hash: `h = HMAC-SHA256(key = salt, message = hash bytes)`; `r` is
 *   the first 52 bits of `h` (13 hex digits), uniform on [0, 2^52); with the house edge `e`
 *   (in basis points), the crash point in hundredths is
 *   `floor((10000 - e) × 2^52 / (100 × (2^52 - r)))`, at least 100 (1.00×). Exact integer
 *   maths (BigInt), so no rounding differs between machines.
 * - **Why the edge is exact**: a bet that cashes out at target `m` (hundredths, ≥ 101) wins
 *   when the crash point is at least `m`, which happens with probability
 *   `(10000 - e) / (100 × m)` (up to one part in 2^52); it then pays `m / 100` times the stake, so
 *   it returns `(10000 - e) / 10000` of the stake on average, whatever the target: the house
 *   edge is `e`, no more, no less.
 * - **The clock**: the multiplier `t` ms after a round starts is `floor(100 × e^(0.00006 t))`
 *   hundredths (the classic crash growth: 2× after about 11.6 s, 10× after 38 s); the round
 *   crashes at the first whole millisecond where that reaches the crash point.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** A chain hash: 64 lowercase hex digits (32 bytes). */
export const CRASH_HASH_PATTERN = /^[0-9a-f]{64}$/;

/** How fast the multiplier grows: `m(t) = e^(CRASH_GROWTH_RATE_PER_MS × t)`. */
export const CRASH_GROWTH_RATE_PER_MS = 0.00006;

/** Hundredths in one (a multiplier of 2.50× is 250). */
export const CENTI = 100;

/**
 * The highest crash point a round reads as: 1,000,000.00×. Above it (one round in about a
 * million) the round crashes there: every bet has hit the maximum win long before, so no
 * player's odds change, and multipliers stay safe integers.
 */
export const MAX_CRASH_CENTI = 100_000_000;

/** The house edges a table may take, in basis points (100 = 1%): from 0 to 10%. */
export const MAX_HOUSE_EDGE_BP = 1_000;

const TWO_52 = 2n ** 52n;

/** The parameters a chain's crash points are computed with, published with its terminating hash. */
export interface CrashFairnessParams {
  /** The house edge in basis points (100 = 1%). */
  houseEdgeBp: number;
  /** The chain's public salt (the HMAC key), published with the terminating hash. */
  salt: string;
}

function checkHash(hash: string): void {
  if (!CRASH_HASH_PATTERN.test(hash)) {
    throw new RangeError('A round hash is 64 lowercase hexadecimal digits');
  }
}

function checkEdge(houseEdgeBp: number): void {
  if (!Number.isInteger(houseEdgeBp) || houseEdgeBp < 0 || houseEdgeBp > MAX_HOUSE_EDGE_BP) {
    throw new RangeError(
      `The house edge is a whole number of basis points from 0 to ${MAX_HOUSE_EDGE_BP}`,
    );
  }
}

/** The next hash of a chain: SHA-256 of a hash's 32 bytes (the hash of the round before it). */
export function nextChainHash(hash: string): string {
  checkHash(hash);
  return bytesToHex(sha256(hexToBytes(hash)));
}

/**
 * Whether `hash` is the round directly after `previous` in a chain played backwards: SHA-256 of
 * a round's hash is the previous round's hash (for the first round, the terminating hash).
 */
export function followsInChain(hash: string, previous: string): boolean {
  return CRASH_HASH_PATTERN.test(hash) && nextChainHash(hash) === previous;
}

/** The HMAC keyed with the last salt used (a chain's rounds share one), cloned per message. */
let keyed: { salt: string; mac: ReturnType<typeof hmac.create> } | null = null;
function keyedHmac(salt: string) {
  if (keyed?.salt !== salt) keyed = { salt, mac: hmac.create(sha256, utf8ToBytes(salt)) };
  return keyed.mac;
}

/** The crash point of a round's hash, in hundredths (100 = 1.00×): see this file's header. */
export function crashPointFromHash(hash: string, params: CrashFairnessParams): number {
  checkHash(hash);
  checkEdge(params.houseEdgeBp);
  const mac = bytesToHex(keyedHmac(params.salt).clone().update(hexToBytes(hash)).digest());
  const r = BigInt(`0x${mac.slice(0, 13)}`);
  const centi = (BigInt(10_000 - params.houseEdgeBp) * TWO_52) / (100n * (TWO_52 - r));
  if (centi > BigInt(MAX_CRASH_CENTI)) return MAX_CRASH_CENTI;
  return Math.max(CENTI, Number(centi));
}

/** The chance that a round's crash point reaches `targetCenti` (≥ 101), from the formula. */
export function winProbability(targetCenti: number, houseEdgeBp: number): number {
  return Math.min(1, (10_000 - houseEdgeBp) / (100 * targetCenti));
}

/** The multiplier `elapsedMs` after a round started, in hundredths (never below 1.00×). */
export function multiplierCentiAt(elapsedMs: number): number {
  if (!(elapsedMs > 0)) return CENTI;
  return Math.floor(CENTI * Math.exp(CRASH_GROWTH_RATE_PER_MS * elapsedMs));
}

/**
 * The first whole millisecond after the start at which the multiplier reaches `centi`: when a
 * round with that crash point crashes, and when an auto cash-out at that target is due.
 */
export function elapsedMsToReach(centi: number): number {
  if (centi <= CENTI) return 0;
  let ms = Math.max(0, Math.ceil(Math.log(centi / CENTI) / CRASH_GROWTH_RATE_PER_MS));
  // The logarithm is within a millisecond or two; step to the exact first one.
  while (ms > 0 && multiplierCentiAt(ms - 1) >= centi) ms -= 1;
  while (multiplierCentiAt(ms) < centi) ms += 1;
  return ms;
}

/** A multiplier in hundredths as players read it: 250 → "2.50". */
export function formatMultiplier(centi: number): string {
  return (centi / CENTI).toFixed(2);
}
