-- Every transaction that changes a market's book or positions bumps its version while locking
-- its row (an UPDATE, not a bare FOR UPDATE). A placement locks and reads in one statement:
-- that statement's reads see the snapshot taken before any wait for the lock, and the version
-- they see equals the locked row's version minus one exactly when nobody committed a change to
-- the market in between, so the reads are known to be current (else they are read again).
ALTER TABLE markets ADD COLUMN version bigint NOT NULL DEFAULT 0;
