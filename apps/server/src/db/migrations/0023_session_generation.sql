-- A player's sessions end together (a password change, an operator's login lock or forced
-- password change, a break the player took): `token_generation` counts those ends, every access
-- token and refresh token names the generation it was issued in, and the bearer check and
-- refresh refuse one of an earlier generation. The check reads the user row the bearer check
-- reads anyway, so it costs no query, and it holds on every instance sharing the database.
ALTER TABLE users ADD COLUMN token_generation integer NOT NULL DEFAULT 0;
-- A refresh token issued while its player's sessions were being ended (a login or a refresh
-- racing a password change) is written with the generation it read, and so is never honoured.
ALTER TABLE refresh_tokens ADD COLUMN generation integer NOT NULL DEFAULT 0;

-- login_lookup answers the generation and record_login_success stores it: a function's result
-- type and arguments cannot change in place, so the old definitions go here and db/functions/
-- creates the new ones.
DROP FUNCTION IF EXISTS login_lookup(text, text, text, timestamptz);
DROP FUNCTION IF EXISTS record_login_success(uuid, uuid, text, timestamptz, text, text, text, text, timestamptz);
