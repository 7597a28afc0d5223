/**
 * Recomputes a round from its revealed hash, in the browser, with the shared function the
 * studio's server plays rounds with (`crashPointFromHash` of the contract). Beside the crash
 * point it shows the two intermediate values of the formula (the HMAC and its first 52 bits),
 * so a player can check each step with any SHA-256 tool, and whether the hash links to the one
 * before it in the chain.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  CRASH_HASH_PATTERN,
  crashPointFromHash,
  followsInChain,
  MAX_HOUSE_EDGE_BP,
} from '@backlay/contract/crash-fairness';

export interface VerifyInput {
  hash: string;
  salt: string;
  /** The house edge in percent, as typed (`1`, `1.5`). */
  edgePercent: string;
  /** The round before's hash, or the terminating hash; empty: not checked. */
  previous: string;
}

export type VerifyOutcome =
  | { ok: false; field: 'hash' | 'previous' | 'edge' }
  | {
      ok: true;
      crashPointCenti: number;
      houseEdgeBp: number;
      /** HMAC-SHA256(salt, hash bytes), hex. */
      hmacHex: string;
      /** Its first 13 hex digits, as a whole number. */
      r: string;
      /** Whether SHA-256 of the hash is `previous`; null when none was given. */
      linked: boolean | null;
    };

/** A house edge typed in percent, in basis points; null if it is not one the table may have. */
export function edgeBasisPoints(text: string): number | null {
  const match = /^\s*(\d{1,2})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= MAX_HOUSE_EDGE_BP ? bp : null;
}

export function verifyRound(input: VerifyInput): VerifyOutcome {
  const hash = input.hash.trim().toLowerCase();
  const previous = input.previous.trim().toLowerCase();
  if (!CRASH_HASH_PATTERN.test(hash)) return { ok: false, field: 'hash' };
  if (previous && !CRASH_HASH_PATTERN.test(previous)) return { ok: false, field: 'previous' };
  const houseEdgeBp = edgeBasisPoints(input.edgePercent);
  if (houseEdgeBp === null) return { ok: false, field: 'edge' };
  const hmacHex = bytesToHex(hmac(sha256, utf8ToBytes(input.salt), hexToBytes(hash)));
  return {
    ok: true,
    crashPointCenti: crashPointFromHash(hash, { houseEdgeBp, salt: input.salt }),
    houseEdgeBp,
    hmacHex,
    r: BigInt(`0x${hmacHex.slice(0, 13)}`).toString(),
    linked: previous ? followsInChain(hash, previous) : null,
  };
}
