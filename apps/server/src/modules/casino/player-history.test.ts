/**
 * Casino play in the player's own pages, on PGlite and PostgreSQL: the statement names each
 * casino movement's game, the casino tabs of bet history and P&L list rounds and results, and
 * casino losses count against the player's own loss limits (and are refused past them).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CasinoProfitLoss, CasinoRounds } from '@backlay/contract/casino';
import { TEST_BACKENDS, type Backend } from '../../test-helper';
import { auditLedger, SOUND_LEDGER } from '../wallet';
import { casinoApp, newId, outcomeOf } from './casino-test-kit';

describe.each(TEST_BACKENDS)('casino play in the player’s history (%s)', (backend: Backend) => {
  let kit: Awaited<ReturnType<typeof casinoApp>>;
  beforeAll(async () => {
    kit = await casinoApp(backend);
  });

  it('shows rounds in the statement, the casino tab of bet history and P&L', async () => {
    const player = await kit.player(100);
    const mac = kit.provider('mac');
    const token = await player.launch();
    const won = newId('round');
    const lost = newId('round');
    const voided = newId('round');
    const voidedBet = newId('bet');
    await mac.debit(token, 1_000, { round: won });
    await mac.credit(token, 2_500, won);
    await mac.debit(token, 2_000, { round: lost });
    await mac.credit(token, 0, lost);
    await mac.debit(token, 500, { round: voided, tx: voidedBet });
    await mac.rollback(token, voided, voidedBet);
    const kingToken = await player.launch('Casino/LaunchKing', 'king_bengal_tiger', 301005);
    const open = newId('round');
    await kit.provider('king').debit(kingToken, 700, { round: open, game: 'king_bengal_tiger' });

    const statement = await player.call('GET', 'Transaction/GetHistory', { type: 'CASINO' });
    const lines = statement.body.result.items as { description: string; amount: number }[];
    expect(lines.map((l) => `${l.description} ${l.amount}`)).toEqual([
      'Casino bet · Bengal Tiger -7',
      'Casino bet returned · Sky Ace 5',
      'Casino bet · Sky Ace -5',
      'Casino bet · Sky Ace -20',
      'Casino win · Sky Ace 25',
      'Casino bet · Sky Ace -10',
    ]);

    const rounds = (await player.call('POST', 'Casino/GetRounds', {})).body.result as CasinoRounds;
    expect(rounds.totalCount).toBe(4);
    expect(rounds.items.map((r) => [r.gameName, r.status, r.stake, r.win, r.net])).toEqual([
      ['Bengal Tiger', 'OPEN', 7, 0, -7],
      ['Sky Ace', 'VOIDED', 0, 0, 0],
      ['Sky Ace', 'SETTLED', 20, 0, -20],
      ['Sky Ace', 'SETTLED', 10, 25, 15],
    ]);
    expect(rounds.total).toEqual({ rounds: 4, stake: 37, win: 25, net: -12 });
    const paged = (
      await player.call('POST', 'Casino/GetRounds', { MaxResultCount: 1, SkipCount: 1 })
    ).body.result as CasinoRounds;
    expect(paged.items.map((r) => r.status)).toEqual(['VOIDED']);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const later = (await player.call('POST', 'Casino/GetRounds', { from: tomorrow })).body
      .result as CasinoRounds;
    expect(later.totalCount).toBe(0);

    const pl = (await player.call('POST', 'Casino/GetProfitLoss', {})).body
      .result as CasinoProfitLoss;
    expect(pl.items.map((i) => [i.gameName, i.rounds, i.stake, i.win, i.net])).toEqual([
      ['Sky Ace', 3, 30, 25, -5],
      ['Bengal Tiger', 1, 7, 0, -7],
    ]);
    expect(pl.total.net).toBe(-12);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('counts casino losses against the player’s loss limit and refuses a bet past it', async () => {
    const player = await kit.player(100);
    const set = await player.call('POST', 'ResponsibleGambling/SetLimits', {
      deposit: { day: null, week: null, month: null },
      loss: { day: 50, week: null, month: null },
    });
    expect(set.body.success).toBe(true);
    const token = await player.launch();
    const mac = kit.provider('mac');
    const round = newId('round');
    await mac.debit(token, 3_000, { round });
    await mac.credit(token, 0, round);
    const settings = await player.call('GET', 'ResponsibleGambling/GetSettings');
    expect(settings.body.result.loss.day.used).toBe(30);
    // An open round's stake counts as lost: 30 lost + 15 open, then 10 more would pass 50.
    await mac.debit(token, 1_500);
    const refused = await mac.debit(token, 1_000);
    expect(outcomeOf(refused)).toBe('LIMIT_REACHED');
    expect(outcomeOf(await mac.debit(token, 500))).toBe('OK');
    expect(await kit.cash(player.id)).toBe(10_000 - 3_000 - 1_500 - 500);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});
