-- Real money in and out. Players deposit by UPI or bank transfer (proved by the payment's UTR
-- and a screenshot) and withdraw to accounts they save; finance decides both from queues. Each
-- brand sets its own payment methods and limits. Every movement of money stays one ledger
-- transfer through the wallet; these tables hold the requests, not balances.

-- A withdrawal's amount leaves the player's cash when it is asked for (so nothing can spend it
-- twice) and waits here until finance pays it out (to payment clearing) or it returns to cash.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (
  kind IN (
    'player_cash',
    'player_exposure',
    'player_bonus',
    'house',
    'commission',
    'payment_clearing',
    'withdrawal_pending'
  )
);

-- The player's statement reads their cash account's entries newest first, a page at a time,
-- with the balance after each. Each entry gets a number in posting order: a player's accounts
-- are locked from a posting until its commit, so within one account the numbers follow the
-- order the movements took effect. The index carries the amount, so the running balance over a
-- range of entries is read from the index alone.
ALTER TABLE ledger_entries ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
CREATE INDEX ledger_entries_account_seq ON ledger_entries (account_id, seq) INCLUDE (amount_minor);

-- A brand's payment settings; a brand without a row offers the platform's defaults.
CREATE TABLE payment_settings (
  domain text PRIMARY KEY CHECK (length(domain) BETWEEN 1 AND 253),
  version integer NOT NULL CHECK (version >= 1),
  payment_link boolean NOT NULL,
  upi_intent boolean NOT NULL,
  min_deposit_minor bigint NOT NULL CHECK (min_deposit_minor > 0),
  max_deposit_minor bigint NOT NULL CHECK (max_deposit_minor >= min_deposit_minor),
  min_withdrawal_minor bigint NOT NULL CHECK (min_withdrawal_minor > 0),
  max_withdrawal_minor bigint NOT NULL CHECK (max_withdrawal_minor >= min_withdrawal_minor),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES operators (id)
);

-- Where a brand's players pay manual deposits. Never deleted, only deactivated: old deposits
-- name the method they were paid to.
CREATE TABLE payment_methods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  domain text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('UPI', 'BANK')),
  -- UPI: upiId, payeeName. BANK: bankName, accountName, accountNumber, ifsc.
  details jsonb NOT NULL,
  active boolean NOT NULL,
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_methods_domain ON payment_methods (domain, position);

-- Images players store (deposit screenshots): re-encoded without metadata, kept in the file
-- store under `storage_key`; only their owner and operators read them.
CREATE TABLE stored_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  domain text NOT NULL,
  owner_id uuid NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  byte_size integer NOT NULL CHECK (byte_size > 0),
  storage_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stored_images_owner ON stored_images (owner_id, created_at);

-- Where a player's withdrawals are paid. Removing one hides it; requests keep naming it.
CREATE TABLE withdrawal_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  domain text NOT NULL,
  owner_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('UPI', 'BANK')),
  -- BANK: holderName, bankName, accountNumber, ifsc. UPI: holderName, upiId.
  details jsonb NOT NULL,
  removed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawal_accounts_owner ON withdrawal_accounts (owner_id) WHERE removed_at IS NULL;

-- Deposits and withdrawals, from asked to decided. A request moves PENDING → APPROVED, REJECTED
-- or CANCELLED once: the row is locked for the change, and the money it moves is a ledger
-- transfer whose idempotency key is the request's.
CREATE TABLE payment_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  domain text NOT NULL,
  owner_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('DEPOSIT', 'WITHDRAWAL')),
  status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED')),
  channel text NOT NULL CHECK (channel IN ('UPI', 'BANK', 'LINK', 'UPI_INTENT')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  -- What was credited when finance corrected a deposit's amount.
  settled_amount_minor bigint CHECK (settled_amount_minor > 0),
  method_id uuid REFERENCES payment_methods (id),
  withdrawal_account_id uuid REFERENCES withdrawal_accounts (id),
  -- The account as the player reads it, and in full for finance, as they were when asked.
  account_label text NOT NULL,
  account_detail text NOT NULL,
  utr text,
  slip_id uuid REFERENCES stored_images (id),
  gateway_payment_id text,
  payout_reference text,
  idempotency_key text NOT NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by uuid REFERENCES operators (id),
  CONSTRAINT payment_requests_key UNIQUE (owner_id, idempotency_key),
  CONSTRAINT payment_requests_decided CHECK ((status = 'PENDING') = (decided_at IS NULL)),
  CONSTRAINT payment_requests_shape CHECK (
    (kind = 'DEPOSIT' AND withdrawal_account_id IS NULL)
    OR (kind = 'WITHDRAWAL' AND withdrawal_account_id IS NOT NULL AND utr IS NULL)
  )
);
-- A UTR proves one payment: the brand takes it once, whatever became of the first request.
CREATE UNIQUE INDEX payment_requests_utr ON payment_requests (domain, utr) WHERE utr IS NOT NULL;
-- A screenshot proves one deposit.
CREATE UNIQUE INDEX payment_requests_slip ON payment_requests (slip_id) WHERE slip_id IS NOT NULL;
CREATE INDEX payment_requests_queue ON payment_requests (kind, status, created_at);
CREATE INDEX payment_requests_owner ON payment_requests (owner_id, created_at DESC);

-- Money an operator credits or debits by hand, with a reason. Above a threshold it waits for a
-- second operator, and moves only when approved.
CREATE TABLE payment_adjustments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  domain text NOT NULL,
  owner_id uuid NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('APPLIED', 'AWAITING_APPROVAL', 'REJECTED')),
  requested_by uuid NOT NULL REFERENCES operators (id),
  decided_by uuid REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CONSTRAINT payment_adjustments_four_eyes CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
CREATE INDEX payment_adjustments_status ON payment_adjustments (status, created_at DESC);
