-- Finance's second pair of eyes, made hard to get around. An adjustment carries the console's
-- idempotency key, so a replayed one applies once; the threshold counts what one operator
-- adjusted for one player over a rolling window, so it cannot be split into smaller ones. A
-- deposit approved at a corrected amount above what the player asked (beyond a tolerance)
-- waits AWAITING_APPROVAL with the proposed amount until a different operator decides it.

-- Adjustments made before keys existed get one each of their own, which no console can send.
ALTER TABLE payment_adjustments ADD COLUMN idempotency_key text;
UPDATE payment_adjustments SET idempotency_key = 'before-keys:' || id;
ALTER TABLE payment_adjustments ALTER COLUMN idempotency_key SET NOT NULL;
-- A key is the operator's: the same key from another operator is another adjustment.
CREATE UNIQUE INDEX payment_adjustments_key ON payment_adjustments (requested_by, idempotency_key);
-- The window's sum: one operator's adjustments of one player, by time.
CREATE INDEX payment_adjustments_window ON payment_adjustments (requested_by, owner_id, created_at);

-- A deposit's corrected amount awaiting a second operator: what was proposed, by whom, when.
-- The proposal stays on the request once decided, to show who proposed what.
ALTER TABLE payment_requests
  ADD COLUMN proposed_amount_minor bigint CHECK (proposed_amount_minor > 0),
  ADD COLUMN proposed_by uuid REFERENCES operators (id),
  ADD COLUMN proposed_at timestamptz,
  DROP CONSTRAINT payment_requests_status_check,
  ADD CONSTRAINT payment_requests_status_check CHECK (
    status IN ('PENDING', 'AWAITING_APPROVAL', 'APPROVED', 'REJECTED', 'CANCELLED')
  ),
  DROP CONSTRAINT payment_requests_decided,
  ADD CONSTRAINT payment_requests_decided CHECK (
    (status IN ('PENDING', 'AWAITING_APPROVAL')) = (decided_at IS NULL)
  ),
  ADD CONSTRAINT payment_requests_proposal CHECK (
    (proposed_amount_minor IS NULL) = (proposed_by IS NULL)
    AND (proposed_by IS NULL) = (proposed_at IS NULL)
    AND (status <> 'AWAITING_APPROVAL' OR (kind = 'DEPOSIT' AND proposed_by IS NOT NULL))
  ),
  -- Four eyes: a proposal is approved by someone else than its proposer.
  ADD CONSTRAINT payment_requests_four_eyes CHECK (
    status <> 'APPROVED' OR proposed_by IS NULL OR decided_by <> proposed_by
  );
