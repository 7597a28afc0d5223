import type { CasinoProvider } from '@backlay/contract/admin-casino';
import type { CASINO_CALLBACK_KINDS } from '@backlay/contract/admin-casino';
import type { CASINO_ROUND_STATUSES } from '@backlay/contract/casino';
import type { BadgeTone } from '../../../shared/ui/badge';

type RoundStatus = (typeof CASINO_ROUND_STATUSES)[number];
type CallbackKind = (typeof CASINO_CALLBACK_KINDS)[number];

/** A round's status in a word and a colour: open is still in play, voided was given back. */
export const ROUND_STATUS: Record<RoundStatus, { label: string; tone: BadgeTone }> = {
  OPEN: { label: 'Open', tone: 'info' },
  SETTLED: { label: 'Settled', tone: 'neutral' },
  VOIDED: { label: 'Voided', tone: 'warning' },
};

/** A callback's kind as an operator reads it: what the provider asked of the wallet. */
export const CALLBACK_KIND: Record<CallbackKind, string> = {
  debit: 'Debit (bet)',
  credit: 'Credit (win)',
  rollback: 'Rollback (refund)',
};

/** The outcome the wallet answered with: `OK`, or the error code the provider was given. */
export function isAccepted(outcome: string): boolean {
  return outcome === 'OK';
}

/** The server's environment variable that gives a provider its signing secret. */
export function secretVariable(code: string): string {
  return `CASINO_${code.toUpperCase().replace(/-/g, '_')}_SECRET`;
}

/** Where a provider's signing secret comes from, in words. */
export function secretSourceText(code: string, source: CasinoProvider['secretSource']): string {
  return source === 'environment'
    ? `Set by ${secretVariable(code)} on the server`
    : 'Generated once and kept in the database';
}
