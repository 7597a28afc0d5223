-- Brands without code: each brand's settings file, registry entry and betting rules are one
-- document with a version, edited in the back office. Every version is kept, so an operator can
-- see who changed what and restore an older one. `name` is a brand's domain, `test` (the test
-- hosts' brand), `default` (the default-domain settings file) or `betting-defaults` (the
-- platform's betting rules). `config/domains` seeds the names a database does not have yet.

CREATE TABLE brand_documents (
  name text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('brand', 'default', 'betting-defaults')),
  document jsonb NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES operators (id)
);

CREATE TABLE brand_document_versions (
  name text NOT NULL REFERENCES brand_documents (name),
  version integer NOT NULL CHECK (version >= 1),
  document jsonb NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by uuid REFERENCES operators (id),
  PRIMARY KEY (name, version)
);

-- Logos and favicons operators upload, addressed by their content (`<brand>/<kind>-<hash>.<ext>`),
-- so a path never changes what it serves and browsers may keep it for good.
CREATE TABLE brand_assets (
  path text PRIMARY KEY,
  brand text NOT NULL REFERENCES brand_documents (name),
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES operators (id)
);
