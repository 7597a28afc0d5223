-- One row naming this installation, so every instance can say which database it serves
-- (instances behind one load balancer must report the same id).
CREATE TABLE installation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton)
);

INSERT INTO installation DEFAULT VALUES;
