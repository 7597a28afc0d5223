/**
 * The server's clock as this page reads it. The multiplier is drawn from the round's start on
 * the server's clock, never the phone's (which may be minutes off), so every message that
 * carries the server's time updates the offset between the two.
 *
 * A message is always a little late, so `serverTime - localTime` reads the true offset minus
 * the trip's delay: the largest of the recent readings is the closest to the truth. Old readings
 * are forgotten, so a phone whose own clock was changed catches up.
 */

/** How many recent readings the offset is the largest of. */
export const CLOCK_SAMPLES = 20;

/** Its fields are `#` ones: a page's minifier shortens their names (the bundle budget). */
export class ServerClock {
  #samples: number[] = [];
  #offsetMs = 0;
  readonly #localNow: () => number;

  constructor(localNow: () => number = () => Date.now()) {
    this.#localNow = localNow;
  }

  /** A message stamped `serverTimeMs` arrived just now. */
  sample(serverTimeMs: number): void {
    this.#samples.push(serverTimeMs - this.#localNow());
    if (this.#samples.length > CLOCK_SAMPLES) this.#samples.shift();
    this.#offsetMs = Math.max(...this.#samples);
  }

  /** The server's time now, in ms since the epoch. */
  now(): number {
    return this.#localNow() + this.#offsetMs;
  }
}
