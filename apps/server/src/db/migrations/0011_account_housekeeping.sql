-- What the account housekeeping deletes, found by index however large the tables grow: ended
-- refresh tokens, login attempts past the history players can read, and development SMS.
CREATE INDEX refresh_tokens_expiry ON refresh_tokens (expires_at);
CREATE INDEX login_attempts_created ON login_attempts (created_at);
CREATE INDEX sms_outbox_created ON sms_outbox (created_at);
