import type { Permission } from '@backlay/contract/admin';

/** Each permission in a few words, for the role chooser. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'operators.manage': 'manage operators',
  'brands.manage': 'manage brands',
  'dashboard.read': 'see the dashboard',
  'players.read': 'find and open players',
  'players.lock': 'lock players and force password resets',
  'players.limits': 'set players’ stake limits',
  'players.notes': 'write notes on players',
  'markets.read': 'see markets and books',
  'markets.trade': 'suspend, settle, void and correct markets',
  'audit.read': 'read the audit log',
  'payments.read': 'see the deposit and withdrawal queues and slips',
  'payments.decide': 'approve and reject deposits and withdrawals',
  'payments.settings': 'set brands’ payment methods and limits',
  'payments.adjust': 'credit and debit players by hand, and approve others’ adjustments',
  'casino.read': 'see casino figures, rounds, providers and catalogues',
  'casino.catalogue': 'switch brands’ casinos and choose their games',
  'casino.providers': 'change casino providers and read their secrets',
  'bonuses.read': 'see bonus campaigns and their figures',
  'bonuses.manage': 'make, change and pause bonus campaigns, and forfeit players’ bonuses',
};
