-- Deposits through a payment gateway (payment links and UPI intents), and the built-in sandbox
-- gateway that stands in for a real one. The two halves are separate parties that meet only
-- over HTTP: the sandbox's tables are its own books, read by nothing else, and Backlay's side
-- keeps what it asked for and what the gateway answered.

-- The sandbox gateway: payment links and UPI intents its merchant (Backlay) created. Each is
-- decided once, from `created` to paid, failed, expired or cancelled, under its row's lock.
CREATE TABLE sandbox_gateway_payments (
  id text PRIMARY KEY CHECK (id ~ '^(plink|upi)_[A-Za-z0-9]{14}$'),
  kind text NOT NULL CHECK (kind IN ('payment_link', 'upi_intent')),
  merchant_key_id text NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  currency text NOT NULL CHECK (currency = 'INR'),
  -- The merchant's own id for the payment; one payment per reference and merchant, so a create
  -- whose answer was lost can be asked again and answers the same payment.
  reference text NOT NULL,
  description text NOT NULL,
  notify_url text,
  -- The hosted page, on the origin the merchant called the API on.
  page_url text NOT NULL,
  status text NOT NULL CHECK (status IN ('created', 'paid', 'failed', 'expired', 'cancelled')),
  expire_by timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  CONSTRAINT sandbox_gateway_payments_reference UNIQUE (merchant_key_id, reference),
  CONSTRAINT sandbox_gateway_payments_decided CHECK ((status = 'created') = (decided_at IS NULL))
);
-- The expiry sweep reads the open payments whose time is up.
CREATE INDEX sandbox_gateway_payments_open ON sandbox_gateway_payments (expire_by)
  WHERE status = 'created';

-- Events the sandbox sends to its merchant's webhook, with their delivery: the exact body that
-- is signed and sent on every attempt, how many attempts were made, and when the next one is
-- due. A restart finds undelivered events here and carries on with them.
CREATE TABLE sandbox_gateway_events (
  id text PRIMARY KEY CHECK (id ~ '^evt_[A-Za-z0-9]{14}$'),
  payment_id text NOT NULL REFERENCES sandbox_gateway_payments (id),
  type text NOT NULL,
  body text NOT NULL,
  notify_url text NOT NULL,
  created_at timestamptz NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- While pending: when the next attempt is due (or when a claimed attempt's lease runs out).
  next_attempt_at timestamptz,
  last_status integer,
  last_error text,
  delivered_at timestamptz,
  CONSTRAINT sandbox_gateway_events_once UNIQUE (payment_id, type),
  CONSTRAINT sandbox_gateway_events_due CHECK ((state = 'pending') = (next_attempt_at IS NOT NULL))
);
CREATE INDEX sandbox_gateway_events_due ON sandbox_gateway_events (next_attempt_at)
  WHERE state = 'pending';

-- Backlay's side: each deposit a player started through the gateway. It stays PENDING until the
-- gateway's status endpoint reports it ended, and is decided once, under its row's lock: PAID
-- credits the amount once (the wallet deposit and the approved request row are written in the
-- same transaction), any other end moves nothing.
CREATE TABLE gateway_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  domain text NOT NULL,
  owner_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('LINK', 'UPI_INTENT')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  -- The gateway's id, once it answered the create.
  gateway_id text,
  status text NOT NULL CHECK (status IN ('PENDING', 'PAID', 'FAILED', 'EXPIRED', 'CANCELLED')),
  -- What the gateway answered to pay through: the hosted page, or the `upi://pay` intent.
  pay_url text,
  expires_at timestamptz NOT NULL,
  credited boolean NOT NULL DEFAULT false,
  payment_request_id uuid REFERENCES payment_requests (id),
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CONSTRAINT gateway_payments_key UNIQUE (owner_id, idempotency_key),
  CONSTRAINT gateway_payments_decided CHECK ((status = 'PENDING') = (decided_at IS NULL)),
  CONSTRAINT gateway_payments_credited CHECK (
    credited = (status = 'PAID') AND credited = (payment_request_id IS NOT NULL)
  ),
  CONSTRAINT gateway_payments_answered CHECK ((gateway_id IS NULL) = (pay_url IS NULL))
);
CREATE UNIQUE INDEX gateway_payments_gateway_id ON gateway_payments (gateway_id)
  WHERE gateway_id IS NOT NULL;
CREATE INDEX gateway_payments_owner ON gateway_payments (owner_id, created_at DESC);
-- The payments still pending, oldest first: those the reconciliation asks the gateway about.
CREATE INDEX gateway_payments_pending ON gateway_payments (created_at) WHERE status = 'PENDING';

-- Webhook events taken from the gateway, by the gateway's event id: a replayed event is
-- recognised and changes nothing.
CREATE TABLE gateway_webhook_events (
  event_id text PRIMARY KEY CHECK (length(event_id) BETWEEN 1 AND 100),
  event_type text NOT NULL,
  gateway_payment_id uuid REFERENCES gateway_payments (id),
  received_at timestamptz NOT NULL DEFAULT now()
);
