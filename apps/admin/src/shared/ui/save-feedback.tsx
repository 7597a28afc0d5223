import { AdminApiError, errorText } from '../api/admin-api-error';
import { labelFromPath, type FieldLabeller } from '../forms/field-labels';
import { serverFieldErrors, type FieldErrors } from '../forms/request-errors';
import { Button } from './button';
import { ErrorNotice, Notice } from './notice';
import './save-feedback.css';

/** Whether a save was refused because a newer version was saved first. */
export function isConflict(error: unknown): boolean {
  return error instanceof AdminApiError && error.code === 'CONFLICT';
}

/**
 * Why a save failed, in place. A CONFLICT (someone saved a newer version first) offers to
 * reload their version, which drops the changes on screen; anything else shows the server's
 * message.
 */
export function SaveFeedback({
  failure,
  what,
  onReload,
  reloading,
}: {
  failure: unknown;
  /** What was being saved, as the sentence names it: `this brand`, `the betting defaults`. */
  what: string;
  onReload: () => void;
  reloading: boolean;
}) {
  if (!failure) return null;
  if (!isConflict(failure)) return <ErrorNotice error={failure} />;
  return (
    <Notice tone="warning" title="Not saved">
      <p>Someone else changed {what}; reload to see their version.</p>
      <p className="muted">Reloading replaces the changes on this page with theirs.</p>
      <Button size="small" busy={reloading} onClick={onReload}>
        Reload
      </Button>
    </Notice>
  );
}

/**
 * The fields a form must fix, listed together under the fields that say so, each by its label
 * (`labelOf`; by default the path in words), never by its request path.
 */
export function FieldErrorsNotice({
  errors,
  labelOf = labelFromPath,
  title = 'Some fields need fixing',
}: {
  errors: FieldErrors;
  labelOf?: FieldLabeller | undefined;
  title?: string;
}) {
  const entries = Object.entries(errors).filter(([, message]) => message);
  if (entries.length === 0) return null;
  return (
    <Notice tone="error" title={title}>
      <ul className="field-errors">
        {entries.map(([path, message]) => (
          <li key={path}>
            <strong>{labelOf(path)}</strong>: {message}
          </li>
        ))}
      </ul>
    </Notice>
  );
}

/** What a versioned editor tells its form's footer. */
interface EditorState {
  failure: unknown;
  savedVersion: number | null;
  saving: boolean;
  reloading: boolean;
  reload: () => Promise<unknown>;
}

/**
 * The end of a versioned form: why the last save failed (or which fields to fix), the version
 * it was saved as, and the save button.
 */
export function SaveFooter({
  editor,
  errors,
  what,
  submitLabel,
  labelOf,
}: {
  editor: EditorState;
  errors: FieldErrors;
  /** What is being saved, as the sentence names it: `this brand`, `the betting defaults`. */
  what: string;
  submitLabel: string;
  /** The form's own names of its fields, by request path. */
  labelOf?: FieldLabeller;
}) {
  // A save the server refused for its fields lists them as the form's own check does.
  const refusedFields = editor.failure !== null && serverFieldErrors(editor.failure) !== null;
  return (
    <>
      {refusedFields ? (
        <FieldErrorsNotice errors={errors} labelOf={labelOf} title={errorText(editor.failure)} />
      ) : (
        <SaveFeedback
          failure={editor.failure}
          what={what}
          onReload={() => void editor.reload()}
          reloading={editor.reloading}
        />
      )}
      {editor.failure ? null : <FieldErrorsNotice errors={errors} labelOf={labelOf} />}
      {editor.savedVersion !== null ? (
        <Notice tone="success">
          <p>Saved as version {editor.savedVersion}.</p>
        </Notice>
      ) : null}
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={editor.saving}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
