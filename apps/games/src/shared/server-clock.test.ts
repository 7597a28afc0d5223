import { describe, expect, it } from 'vitest';
import { CLOCK_SAMPLES, ServerClock } from './server-clock';

describe('the server’s clock as the page reads it', () => {
  it('takes the least delayed reading of the offset, and forgets old ones', () => {
    let local = 1_000_000;
    const clock = new ServerClock(() => local);
    // The server is 60 s ahead; messages arrive 40, 10 and 250 ms after they were stamped.
    for (const delay of [40, 10, 250]) clock.sample(local + 60_000 - delay);
    expect(clock.now() - local).toBe(60_000 - 10);
    // The phone's own clock jumps a minute ahead: once the old readings are gone, it catches up.
    local += 60_000;
    for (let i = 0; i < CLOCK_SAMPLES; i++) clock.sample(local - 20);
    expect(clock.now() - local).toBe(-20);
  });
});
