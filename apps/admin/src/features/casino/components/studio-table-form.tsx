import type { StudioTable } from '@backlay/contract/admin-studio-tables';
import { updateStudioTableRoute } from '@backlay/contract/admin-studio-tables';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { requestErrorsByPath } from '../../../shared/forms/request-errors';
import { useVersionedEditor } from '../../../shared/forms/use-versioned-editor';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { TextField } from '../../../shared/ui/fields';
import { Notice } from '../../../shared/ui/notice';
import { SaveFooter } from '../../../shared/ui/save-feedback';
import { SwitchField } from '../../../shared/ui/switch-field';
import { studioTablesQueryOptions } from '../api/studio-tables';
import { useUpdateStudioTable } from '../api/update-studio-table';
import type { SettingChange } from '../model/provider-draft';
import {
  ENABLED_LABEL,
  STUDIO_TABLE_FORMS,
  studioFieldLabel,
  studioTableChanges,
  studioTableDraftOf,
  studioTableUpdateOf,
  studioTableWarnings,
  type StudioFieldUnit,
  type UpdateStudioTableInput,
} from '../model/studio-table-draft';
import { ChangeList } from './change-list';

interface Pending {
  input: UpdateStudioTableInput;
  changes: SettingChange[];
  warnings: string[];
}

const UNIT_HINTS: Record<StudioFieldUnit, string> = {
  rupees: 'In rupees.',
  multiplier: 'A multiplier, such as 100.00 for 100×.',
  percent: 'In percent, such as 1.00 for 1%.',
  ms: 'In milliseconds (1,000 = 1 second).',
};

const UNIT_SUFFIX: Record<StudioFieldUnit, string> = {
  rupees: ' (₹)',
  multiplier: ' (×)',
  percent: ' (%)',
  ms: ' (ms)',
};

/**
 * A studio table's settings as a form over the version they were loaded from. A save first
 * shows what it changes (and what a new house edge does to the hash chain) and waits for the
 * operator to confirm; one made over someone else's newer version is refused, and the form
 * offers to reload theirs.
 */
export function StudioTableForm({ loaded }: { loaded: StudioTable }) {
  const queryClient = useQueryClient();
  const update = useUpdateStudioTable();
  const [pending, setPending] = useState<Pending | null>(null);
  const [unchanged, setUnchanged] = useState(false);
  const editor = useVersionedEditor({
    loaded,
    draftOf: studioTableDraftOf,
    fetchLatest: async () => {
      const latest = await queryClient.fetchQuery({ ...studioTablesQueryOptions(), staleTime: 0 });
      const table = latest.find((item) => item.gameCode === loaded.gameCode);
      if (!table) throw new Error(`The table ${loaded.gameCode} is gone.`);
      return table;
    },
  });
  const { base, draft, setDraft, errors } = editor;
  const form = STUDIO_TABLE_FORMS[base.gameCode];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUnchanged(false);
    const { input, typing } = studioTableUpdateOf(draft, base);
    const found = { ...(requestErrorsByPath(updateStudioTableRoute, input) ?? {}), ...typing };
    if (!editor.accept(found)) return;
    const changes = studioTableChanges(base, input);
    if (changes.length === 0) setUnchanged(true);
    else setPending({ input, changes, warnings: studioTableWarnings(base, input) });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={`${base.name} settings`}>
      <SwitchField
        label={ENABLED_LABEL}
        hint="Off: the table plays no rounds; players see it paused for maintenance."
        tone="normal"
        checked={draft.enabled}
        onChange={(event) => setDraft((old) => ({ ...old, enabled: event.target.checked }))}
      />
      <div className="studio-table__fields">
        {form?.fields.map((field) => (
          <TextField
            key={field.key}
            label={`${field.label}${UNIT_SUFFIX[field.unit]}`}
            hint={field.hint ?? UNIT_HINTS[field.unit]}
            inputMode={field.unit === 'ms' ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={draft.text[field.key] ?? ''}
            error={errors[`values.${field.key}`]}
            onChange={(event) =>
              setDraft((old) => ({
                ...old,
                text: { ...old.text, [field.key]: event.target.value },
              }))
            }
          />
        ))}
      </div>
      {unchanged ? (
        <Notice tone="info">
          <p>Nothing to save: the settings are as they were.</p>
        </Notice>
      ) : null}
      <SaveFooter
        editor={editor}
        errors={errors}
        what={`the table ${base.name}`}
        submitLabel="Save table"
        labelOf={(path) => studioFieldLabel(base.gameCode, path)}
      />
      {pending ? (
        <ConfirmDialog
          title={`Change ${base.name}`}
          description={
            <>
              <p>
                The studio serves every brand: limits apply from the next bet, the maximum win and
                timings from the next round, on every brand at once.
              </p>
              {pending.warnings.map((warning) => (
                <Notice key={warning} tone="warning">
                  <p>{warning}</p>
                </Notice>
              ))}
              <ChangeList label="Changes" changes={pending.changes} />
            </>
          }
          confirmLabel="Save changes"
          tone={pending.input.values.enabled === false ? 'danger' : 'primary'}
          askReason={false}
          onConfirm={() => editor.save(() => update.mutateAsync(pending.input))}
          onClose={() => setPending(null)}
        />
      ) : null}
    </form>
  );
}
