-- Login costs two round trips: one check before the password is verified, one write after.
-- PGlite runs on the server's main thread, so each statement's parse and plan blocks every
-- other request; PL/pgSQL keeps its plans for the life of the connection.

-- The throttle only counts failed attempts and looks for a past success from the same
-- address; partial indexes keep a busy shared address's other rows out of both scans.
DROP INDEX login_attempts_account;
DROP INDEX login_attempts_ip;
CREATE INDEX login_attempts_failed_account ON login_attempts (domain, lower(user_name), created_at)
  WHERE result = 'Failed';
CREATE INDEX login_attempts_failed_ip ON login_attempts (ip, created_at) WHERE result = 'Failed';
CREATE INDEX login_attempts_known_address ON login_attempts (domain, lower(user_name), ip, created_at)
  WHERE result = 'Success';

-- The login's functions (a lookup before the password is checked, the writes after it) are
-- defined in db/functions/. This migration once also created login_check, which 0009 replaced.
