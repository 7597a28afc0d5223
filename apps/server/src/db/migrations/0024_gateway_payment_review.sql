-- A gateway payment whose paid amount differs from what its link or intent asked for goes to
-- finance, who decide it once: credit what was paid, credit another amount (with a remark), or
-- reject it (the money is refunded outside Backlay, with a remark). Until then it is UNDER_REVIEW,
-- with nothing credited; the player reads it as a deposit request under review.

-- What the gateway reported paid, when it was not the amount asked for (a payment paid in full
-- keeps null), and when that was found: the payment went to finance's review queue.
ALTER TABLE gateway_payments
  ADD COLUMN paid_amount_minor bigint CHECK (paid_amount_minor >= 0),
  ADD COLUMN review_started_at timestamptz;

ALTER TABLE gateway_payments
  DROP CONSTRAINT gateway_payments_status_check,
  ADD CONSTRAINT gateway_payments_status_check CHECK (
    status IN ('PENDING', 'PAID', 'FAILED', 'EXPIRED', 'CANCELLED', 'UNDER_REVIEW', 'REJECTED')
  ),
  -- Under review is not decided yet: finance's decision is.
  DROP CONSTRAINT gateway_payments_decided,
  ADD CONSTRAINT gateway_payments_decided CHECK (
    (status IN ('PENDING', 'UNDER_REVIEW')) = (decided_at IS NULL)
  ),
  -- Credited exactly when PAID; a payment under review or rejected shows as a request too.
  DROP CONSTRAINT gateway_payments_credited,
  ADD CONSTRAINT gateway_payments_credited CHECK (
    credited = (status = 'PAID')
    AND (payment_request_id IS NOT NULL) = (status IN ('PAID', 'UNDER_REVIEW', 'REJECTED'))
  ),
  -- Only a reviewed payment is under review or rejected, and a reviewed one knows what was paid.
  ADD CONSTRAINT gateway_payments_reviewed CHECK (
    (status NOT IN ('UNDER_REVIEW', 'REJECTED') OR review_started_at IS NOT NULL)
    AND (review_started_at IS NULL) = (paid_amount_minor IS NULL)
  );
-- Finance's review queue, oldest first.
CREATE INDEX gateway_payments_review ON gateway_payments (review_started_at)
  WHERE review_started_at IS NOT NULL;

-- The deposit request a reviewed payment shows as waits UNDER_REVIEW, undecided, until finance
-- decides the payment; only a gateway deposit can be under review. (The statuses and undecided
-- ones are 0022's, with UNDER_REVIEW added.)
ALTER TABLE payment_requests
  DROP CONSTRAINT payment_requests_status_check,
  ADD CONSTRAINT payment_requests_status_check CHECK (
    status IN ('PENDING', 'AWAITING_APPROVAL', 'APPROVED', 'REJECTED', 'CANCELLED', 'UNDER_REVIEW')
  ),
  DROP CONSTRAINT payment_requests_decided,
  ADD CONSTRAINT payment_requests_decided CHECK (
    (status IN ('PENDING', 'AWAITING_APPROVAL', 'UNDER_REVIEW')) = (decided_at IS NULL)
  ),
  ADD CONSTRAINT payment_requests_review CHECK (
    status <> 'UNDER_REVIEW' OR (kind = 'DEPOSIT' AND channel IN ('LINK', 'UPI_INTENT'))
  );

-- The sandbox gateway can be paid another amount than it asked for (a payer who typed another
-- amount in their UPI app), so a tester can send Backlay a mismatch.
ALTER TABLE sandbox_gateway_payments
  ADD COLUMN amount_paid_paise bigint CHECK (amount_paid_paise > 0),
  ADD CONSTRAINT sandbox_gateway_payments_paid CHECK (amount_paid_paise IS NULL OR status = 'paid');
