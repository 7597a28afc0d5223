import { describe, expect, it } from 'vitest';
import type { CasinoCallback } from '../api/casino-round';
import { callbackRows } from './callbacks';

const callback = (overrides: Partial<CasinoCallback>): CasinoCallback => ({
  transactionId: 'tx',
  kind: 'debit',
  referenceTransactionId: null,
  amount: 0,
  outcome: 'OK',
  rolledBackBy: null,
  at: '2026-05-01T10:00:00.000Z',
  ...overrides,
});

describe('callbackRows', () => {
  it('gives a rollback the amount of the debit it gave back', () => {
    const rows = callbackRows([
      callback({ transactionId: 'd1', amount: 250, rolledBackBy: 'r1' }),
      callback({ transactionId: 'r1', kind: 'rollback', referenceTransactionId: 'd1' }),
      callback({ transactionId: 'c1', kind: 'credit', amount: 40 }),
    ]);
    expect(rows.map((row) => [row.transactionId, row.moved])).toEqual([
      ['d1', 250],
      ['r1', 250],
      ['c1', 40],
    ]);
  });

  it('leaves a rollback that gave nothing back at its own amount', () => {
    // A rollback of a debit never seen, and a second rollback of a debit given back already.
    const rows = callbackRows([
      callback({ transactionId: 'd1', amount: 250, rolledBackBy: 'r1' }),
      callback({ transactionId: 'r1', kind: 'rollback', referenceTransactionId: 'd1' }),
      callback({ transactionId: 'r2', kind: 'rollback', referenceTransactionId: 'd1' }),
      callback({ transactionId: 'r3', kind: 'rollback', referenceTransactionId: 'unseen' }),
    ]);
    expect(rows.map((row) => row.moved)).toEqual([250, 250, 0, 0]);
  });
});
