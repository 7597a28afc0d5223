/**
 * A provably fair hash chain as the studio holds it (the maths is `crash-fairness.ts` of the
 * contract, which the verify page runs too): a secret seed c(0) hashed `length` times; c(length)
 * is the terminating hash published before play, and round n plays c(length − n). Hashing here
 * uses Node's own SHA-256 (the same function, faster than the browser-side one); a test holds
 * the two to the same answers.
 *
 * Only the seed is stored. Finding c(length − n) from it costs up to `length` hashes, so the
 * chain keeps a checkpoint every `CHECKPOINT_EVERY` links (one pass when the chain is opened)
 * and computes the block of links a round falls in from its checkpoint, once per block.
 */
import { createHash, randomBytes } from 'node:crypto';

/** Links between checkpoints (and the size of the block computed at once). */
export const CHECKPOINT_EVERY = 1_000;

/** SHA-256 of a hash's 32 raw bytes, as hex: the next link. */
export function nextLink(hash: string): string {
  return createHash('sha256').update(Buffer.from(hash, 'hex')).digest('hex');
}

/** A new secret seed: 32 random bytes as hex. */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

export interface HashChain {
  readonly length: number;
  readonly terminatingHash: string;
  /** The hash round `number` (1 … length) of the chain plays. */
  roundHash(number: number): string;
}

/** Opens a chain from its seed: one pass over it to find its checkpoints and last link. */
export function openHashChain(seed: string, length: number): HashChain {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('a chain has a link or more');
  const checkpoints: string[] = [];
  let link = seed;
  for (let index = 0; index < length; index += 1) {
    if (index % CHECKPOINT_EVERY === 0) checkpoints.push(link);
    link = nextLink(link);
  }
  const terminatingHash = link;
  let block: { start: number; links: string[] } | null = null;

  /** c(index), 0 ≤ index < length. */
  function linkAt(index: number): string {
    const start = index - (index % CHECKPOINT_EVERY);
    if (block?.start !== start) {
      const from = checkpoints[start / CHECKPOINT_EVERY];
      if (from === undefined) throw new Error(`no checkpoint for link ${index}`);
      const links = [from];
      const end = Math.min(start + CHECKPOINT_EVERY, length);
      let previous = from;
      for (let i = start + 1; i < end; i += 1) {
        previous = nextLink(previous);
        links.push(previous);
      }
      block = { start, links };
    }
    const found = block.links[index - start];
    if (found === undefined) throw new Error(`link ${index} is outside the chain`);
    return found;
  }

  return {
    length,
    terminatingHash,
    roundHash(number) {
      if (!Number.isInteger(number) || number < 1 || number > length) {
        throw new RangeError(`round ${number} is not in a chain of ${length}`);
      }
      return linkAt(length - number);
    },
  };
}
