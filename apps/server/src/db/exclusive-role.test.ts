import { describe, expect, it } from 'vitest';
import { testDatabase, TEST_BACKENDS } from '../test-helper';

describe.each(TEST_BACKENDS)('an exclusive role on %s', (backend) => {
  it('goes to one holder at a time, and to another once released', async () => {
    const key = 900_000 + Math.floor(Math.random() * 1000);
    const first = await testDatabase(backend);
    const release = await first.tryExclusiveRole(key);
    expect(release).not.toBeNull();
    if (backend === 'postgres') {
      // Another process (here: another pool) on the same server is refused while it is held.
      const second = await testDatabase(backend);
      expect(await second.tryExclusiveRole(key)).toBeNull();
      await release?.();
      const taken = await second.tryExclusiveRole(key);
      expect(taken).not.toBeNull();
      await taken?.();
    } else {
      await release?.();
    }
  });
});
