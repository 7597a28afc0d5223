-- A friend's referral code given at sign-up, kept with the pending sign-up until its mobile
-- number is verified; the referral is recorded when the account is made (and goes with the
-- sign-up if it is abandoned).
ALTER TABLE verification_codes
  ADD COLUMN referral_code text CHECK (referral_code ~ '^[A-Z0-9]{6,12}$');
