import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { betGroupFailpoint } from './failpoint';

afterEach(() => {
  vi.restoreAllMocks();
});

function armed(raw: string | undefined, production = false) {
  const log = { warn: vi.fn(), error: vi.fn() };
  const kill = vi.fn();
  // The notice goes to standard error just before the kill; kept out of the test's output.
  const write = vi.spyOn(fs, 'writeSync').mockImplementation(() => 0);
  const failpoint = betGroupFailpoint(raw, { production, log, kill });
  return { failpoint, log, kill, write };
}

describe('the bet group failpoint', () => {
  it('is off unless the variable names it, and leaves other failpoints alone', () => {
    for (const raw of [undefined, '', 'ledger-before-post']) {
      const { failpoint, log } = armed(raw);
      expect(failpoint).toBeUndefined();
      expect(log.warn).not.toHaveBeenCalled();
    }
  });

  it('is refused in production, said once in the log', () => {
    const { failpoint, log } = armed('bet-group-after-commit', true);
    expect(failpoint).toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[0]).toContain('ignored');
  });

  it('refuses a bet group failpoint it cannot read', () => {
    for (const raw of ['bet-group-during-commit', 'bet-group-after-commit:0', 'bet-group-x:2']) {
      expect(() => armed(raw)).toThrow('BACKLAY_FAILPOINT');
    }
  });

  it('kills at the Nth group that placed bets, at its own moment only', async () => {
    const { failpoint, kill, log, write } = armed('bet-group-after-commit:2');
    expect(log.warn).toHaveBeenCalledTimes(1);
    if (!failpoint) throw new Error('not armed');
    await failpoint('before-commit', 3);
    await failpoint('after-commit', 0);
    await failpoint('after-commit', 1);
    expect(kill).not.toHaveBeenCalled();
    await failpoint('after-commit', 4);
    expect(kill).toHaveBeenCalledTimes(1);
    expect(write).toHaveBeenCalledWith(
      2,
      'failpoint bet-group-after-commit reached: group 2 placed 4 bets; killing the process\n',
    );
    // Once only: a process that outlived its kill would not be killed again.
    await failpoint('after-commit', 4);
    expect(kill).toHaveBeenCalledTimes(1);
  });

  it('kills at the first group by default', async () => {
    const { failpoint, kill } = armed('bet-group-before-commit');
    await failpoint?.('after-commit', 2);
    expect(kill).not.toHaveBeenCalled();
    await failpoint?.('before-commit', 2);
    expect(kill).toHaveBeenCalledTimes(1);
  });
});
