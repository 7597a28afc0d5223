import { useState } from 'react';
import { serverFieldErrors, type FieldErrors } from './request-errors';

/**
 * A form over one version of a document (a brand, the betting defaults, a brand's payment
 * settings): the version it was
 * loaded from (`base`), the fields being edited, and saving them as the next version. A save
 * names `base.version`, so one made over someone else's newer version is refused (CONFLICT)
 * rather than overwriting it; `reload` then loads their version and starts again from it. A
 * newer version reaching the query cache meanwhile leaves the fields being edited alone.
 */
export function useVersionedEditor<Loaded extends { version: number }, Draft>({
  loaded,
  draftOf,
  fetchLatest,
}: {
  loaded: Loaded;
  draftOf: (loaded: Loaded) => Draft;
  /** Reads the latest version from the server, past the cache. */
  fetchLatest: () => Promise<Loaded>;
}) {
  const [base, setBase] = useState(loaded);
  const [draft, setDraft] = useState(() => draftOf(loaded));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [reloading, setReloading] = useState(false);

  const startFrom = (next: Loaded) => {
    setBase(next);
    setDraft(draftOf(next));
    setErrors({});
    setFailure(null);
  };

  /**
   * Shows what the form found to fix before sending (by the request's paths), clearing the
   * last save's outcome; true when there is nothing to fix.
   */
  const accept = (found: FieldErrors): boolean => {
    setErrors(found);
    setFailure(null);
    setSavedVersion(null);
    return Object.keys(found).length === 0;
  };

  /**
   * Sends the edit; the version it answers becomes the new base. A refusal shows in
   * `failure`, and a validation failure's fields beside them.
   */
  const save = async (send: () => Promise<Loaded>) => {
    if (saving) return;
    setSaving(true);
    try {
      const saved = await send();
      startFrom(saved);
      setSavedVersion(saved.version);
    } catch (error) {
      setFailure(error);
      setErrors(serverFieldErrors(error) ?? {});
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      startFrom(await fetchLatest());
      setSavedVersion(null);
    } catch (error) {
      setFailure(error);
    } finally {
      setReloading(false);
    }
  };

  return {
    base,
    draft,
    setDraft,
    errors,
    failure,
    savedVersion,
    saving,
    reloading,
    accept,
    save,
    reload,
  };
}
