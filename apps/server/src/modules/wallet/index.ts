/**
 * The wallet module's one door. Every other module moves and reads money through what is
 * exported here, never through the ledger's files: books, balances, holds by reference, the
 * named money movements (each one balanced, idempotent transfer in the caller's transaction),
 * and the batch API the exchange's fast path uses to post many players' holds in one statement.
 * `ledger.ts` explains the model, the invariants and the locking.
 */

// Books: real money and the play money of demo players, which never meet in one transfer.
export { BOOKS, bookOf, type Book } from './ledger';

// Why money moved: the codes of casino play (its bets, wins and refunds), and how the
// references of its movements start.
export { CASINO_REFERENCE_PREFIX, CASINO_TRANSFER_CODES, type TransferCode } from './ledger';

// Balances and available amounts, and the accounts behind them.
export {
  ensurePlayerAccounts,
  getBalances,
  playerCashJoin,
  heldForReference,
  lockAccounts,
  type Balances,
  type PlayerRef,
  type TransferResult,
} from './ledger';

// Amounts read back from the database (bigint text) as safe integers of minor units.
export { toMinor } from './ledger';

// Rupees as players read them in messages: ₹1,00,000 or ₹1,00,000.50.
export { formatRupees } from './rupees';

// Money movements: payments, grants, a house participant's funding, the life of a bet's
// liability (hold, release, settle by reference), a market's settlement and its correction,
// and casino play (a provider's bets, wins and refunds).
export {
  adjustBalance,
  casinoBet,
  casinoRefund,
  casinoWin,
  correctMarketSettlement,
  deposit,
  holdWithdrawal,
  payOutWithdrawal,
  releaseWithdrawal,
  fundFromHouse,
  grantBonus,
  grantDemoFunds,
  holdExposure,
  moveExposure,
  releaseExposure,
  reverseSettlement,
  settleExposure,
  settleMarket,
  withdraw,
  type CasinoMovement,
  type PlayerSettlement,
  type SettlementCorrection,
} from './wallet-movements';
// Casino bets and wins of a group of callbacks committed together, in one round trip.
export {
  casinoMovesCall,
  casinoMovesResults,
  type CasinoBatchMove,
  type CasinoMovesCall,
  type CasinoMovesRow,
} from './casino-batch';

// The batch API: one statement posting several players' hold moves on one reference, placed
// after the caller's own writes in the same round trip, and the reading of its rows.
export { ledgerAfterWrites, type EmbedLedgerCall } from './ledger';
export {
  EXPOSURE_MOVE_COLUMNS,
  exposureMovesStatement,
  readExposureMoves,
  type ExposureMove,
  type ExposureMoveRow,
} from './wallet-movements';

// Balance notification: after each commit that moved a player's cash or exposure, the new
// figures (with a version ordering them) go to the database's listeners; nobody reads them again.
export { onBalanceChange, type BalanceListener, type BalanceNotice } from './balance-notices';

// Bonuses: a claim (promotion → player bonus), a conversion (bonus → cash) and a bonus's rest
// going back (bonus → promotion), each once per bonus; and the deposits a bonus is earned on.
export {
  bonusReference,
  claimBonus,
  convertBonus,
  returnBonus,
  type BonusMovement,
} from './wallet-movements';
export { creditedDeposits, type CreditedDeposit } from './deposit-history';

// Retiring an ended demo player's play money into one balanced transfer.
export { compactPlayMoney, type PlayMoneyCompaction } from './wallet-movements';

// The audit that re-derives every invariant from the entries (tests, chaos runs, operators).
export { auditLedger, SOUND_LEDGER, type LedgerAudit } from './ledger-audit';

// A player's statement: their cash account's movements with the balance after each.
export {
  casinoResultSince,
  playerStatement,
  playerStatementPage,
  playerTransfer,
  type PlayerTransfer,
  type StatementAnchor,
  type StatementLine,
  type StatementPageLine,
  type StatementPageQuery,
} from './statement';
