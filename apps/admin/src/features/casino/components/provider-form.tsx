import type { CasinoProvider } from '@backlay/contract/admin-casino';
import { updateCasinoProviderRoute } from '@backlay/contract/admin-calls';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { requestErrors } from '../../../shared/forms/request-errors';
import { useVersionedEditor } from '../../../shared/forms/use-versioned-editor';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { TextField } from '../../../shared/ui/fields';
import { Notice } from '../../../shared/ui/notice';
import { SaveFooter } from '../../../shared/ui/save-feedback';
import { SwitchField } from '../../../shared/ui/switch-field';
import { casinoProvidersQueryOptions } from '../api/casino-providers';
import {
  useUpdateCasinoProvider,
  type UpdateCasinoProviderInput,
} from '../api/update-casino-provider';
import {
  providerChanges,
  providerDraftOf,
  providerUpdateOf,
  type SettingChange,
} from '../model/provider-draft';
import { ChangeList } from './change-list';

interface Pending {
  input: UpdateCasinoProviderInput;
  changes: SettingChange[];
}

/**
 * A provider's settings as a form over the version they were loaded from. A save first shows
 * what it changes and waits for the operator to confirm; one made over someone else's newer
 * version is refused, and the form offers to reload theirs.
 */
export function ProviderForm({ loaded }: { loaded: CasinoProvider }) {
  const queryClient = useQueryClient();
  const update = useUpdateCasinoProvider();
  const [pending, setPending] = useState<Pending | null>(null);
  const [unchanged, setUnchanged] = useState(false);
  const editor = useVersionedEditor({
    loaded,
    draftOf: providerDraftOf,
    fetchLatest: async () => {
      const latest = await queryClient.fetchQuery({
        ...casinoProvidersQueryOptions(),
        staleTime: 0,
      });
      const provider = latest.find((item) => item.code === loaded.code);
      if (!provider) throw new Error(`The provider ${loaded.code} is gone.`);
      return provider;
    },
  });
  const { base, draft, setDraft, errors } = editor;
  const code = base.code;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUnchanged(false);
    const input = providerUpdateOf(draft, base);
    if (!editor.accept(requestErrors(updateCasinoProviderRoute, input) ?? {})) return;
    const changes = providerChanges(base, input);
    if (changes.length === 0) setUnchanged(true);
    else setPending({ input, changes });
  };
  const text = (name: 'name' | 'baseUrl' | 'testBaseUrl' | 'operatorId') => ({
    value: draft[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((old) => ({ ...old, [name]: event.target.value })),
  });

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={`${base.name} settings`}>
      <TextField label="Name" maxLength={60} {...text('name')} />
      <TextField
        label="Games on live hosts"
        hint={`A path such as /games/${code}/ or an https:// URL, ending in /. Empty: the built-in studio.`}
        maxLength={300}
        spellCheck={false}
        {...text('baseUrl')}
      />
      <TextField
        label="Games on test hosts"
        hint="Test, localhost and preview hosts. Empty: the built-in test provider."
        maxLength={300}
        spellCheck={false}
        {...text('testBaseUrl')}
      />
      <TextField
        label="Operator id"
        hint="Backlay’s id at the provider, sent with each launch."
        maxLength={64}
        spellCheck={false}
        {...text('operatorId')}
      />
      <SwitchField
        label="Launches enabled"
        hint="Off: its games neither launch nor take bets, on any brand."
        checked={draft.enabled}
        onChange={(event) => setDraft((old) => ({ ...old, enabled: event.target.checked }))}
      />
      {unchanged ? (
        <Notice tone="info">
          <p>Nothing to save: the settings are as they were.</p>
        </Notice>
      ) : null}
      <SaveFooter
        editor={editor}
        errors={errors}
        what={`the provider ${base.name}`}
        submitLabel="Save provider"
      />
      {pending ? (
        <ConfirmDialog
          title={`Change ${base.name}`}
          description={
            <>
              <p>
                A provider serves every brand: the change applies to every brand’s players at once.
              </p>
              <ChangeList label="Changes" changes={pending.changes} />
            </>
          }
          confirmLabel="Save changes"
          tone={pending.input.enabled ? 'primary' : 'danger'}
          askReason={false}
          onConfirm={() => editor.save(() => update.mutateAsync(pending.input))}
          onClose={() => setPending(null)}
        />
      ) : null}
    </form>
  );
}
