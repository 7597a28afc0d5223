-- A brand's versions are its history: a version is never edited or removed, and the table is
-- never truncated. A change is a new version; restoring an old one is a new version too.

CREATE OR REPLACE FUNCTION brand_document_versions_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'brand versions are append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;

CREATE OR REPLACE TRIGGER brand_document_versions_append_only
  BEFORE UPDATE OR DELETE ON brand_document_versions
  FOR EACH ROW EXECUTE FUNCTION brand_document_versions_append_only();
CREATE OR REPLACE TRIGGER brand_document_versions_no_truncate
  BEFORE TRUNCATE ON brand_document_versions
  FOR EACH STATEMENT EXECUTE FUNCTION brand_document_versions_append_only();
