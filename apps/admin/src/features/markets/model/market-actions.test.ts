import { describe, expect, it } from 'vitest';
import { availableActions } from './market-actions';

describe('availableActions', () => {
  it('offers suspend on an open market and resume on a suspended one, never both', () => {
    expect(availableActions('OPEN')).toEqual(['suspend', 'settle', 'void']);
    expect(availableActions('SUSPENDED')).toEqual(['resume', 'settle', 'void']);
  });

  it('offers only a correction once settled', () => {
    expect(availableActions('SETTLED')).toEqual(['correct']);
  });

  it('lets a closed market be settled or voided', () => {
    expect(availableActions('CLOSED')).toEqual(['settle', 'void']);
  });
});
