-- The double-entry wallet ledger. Every money movement is one transfer (with an idempotency key
-- and a code saying why) whose entries, signed amounts in minor units, sum to zero. Transfers
-- and entries are append-only; a balance is the sum of an account's entries. Real money and
-- play money (demo accounts) are two books that never meet in one transfer.

CREATE TABLE ledger_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  domain text NOT NULL CHECK (length(domain) BETWEEN 1 AND 253),
  -- The player's user id; no foreign key, users belong to the account module and demo users
  -- are deleted while their (play book) entries stay.
  owner_id uuid,
  kind text NOT NULL CHECK (
    kind IN (
      'player_cash',
      'player_exposure',
      'player_bonus',
      'house',
      'commission',
      'payment_clearing'
    )
  ),
  book text NOT NULL CHECK (book IN ('real', 'play')),
  -- The sum of the account's entries, kept by the entry trigger below and nothing else. Only
  -- player accounts carry it (it is the row the player's movements lock and check); house,
  -- commission and clearing accounts are shared by every player, so caching them would make
  -- one hot row serialise the whole domain: their balance is summed when read.
  balance_minor bigint CHECK (balance_minor >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_owner CHECK (
    (owner_id IS NOT NULL) = (kind IN ('player_cash', 'player_exposure', 'player_bonus'))
  ),
  CONSTRAINT ledger_accounts_cached CHECK ((balance_minor IS NOT NULL) = (owner_id IS NOT NULL)),
  CONSTRAINT ledger_accounts_identity UNIQUE NULLS NOT DISTINCT (domain, owner_id, kind, book)
);

CREATE TABLE ledger_transfers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  domain text NOT NULL,
  book text NOT NULL CHECK (book IN ('real', 'play')),
  code text NOT NULL CHECK (code ~ '^[a-z][a-z_]{0,39}$'),
  -- What the movement is about: a bet, a market, a payment.
  reference text CHECK (length(reference) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- No foreign keys: the entry trigger already looks up every entry's transfer and account (and
-- checks they share one domain and book), nothing posted can be deleted, and four more lookups
-- per transfer would cost a noticeable share of its time. The transfer's reference is repeated
-- on its entries (the trigger checks it), so what a player holds for a bet or a market is one
-- index range, however busy the market.
CREATE TABLE ledger_entries (
  transfer_id uuid NOT NULL,
  account_id uuid NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
  reference text,
  PRIMARY KEY (transfer_id, account_id)
);
CREATE INDEX ledger_entries_account_reference ON ledger_entries (account_id, reference);

-- The ledger's functions and triggers (the append-only and account guards, the entry trigger
-- that verifies every posting, and the posting function) are defined in db/functions/, which is
-- applied after the migrations on every start.
