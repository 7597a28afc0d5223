import type { Campaign } from '@backlay/contract/admin-bonuses';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useVersionedEditor } from '../../../shared/forms/use-versioned-editor';
import { campaignQueryOptions } from '../api/campaign';
import { useUpdateCampaign } from '../api/save-campaign';
import {
  campaignDraftOf,
  campaignErrors,
  campaignFieldsOf,
  serverRuleErrors,
} from '../model/campaign-draft';
import { CampaignFields } from './campaign-fields';
import { CampaignSaveFeedback } from './campaign-save-feedback';

/**
 * A campaign's terms as a form over the version they were read at; bonuses already claimed
 * keep the terms they were claimed on. Read-only for an operator who may not manage bonuses.
 */
export function EditCampaignForm({ loaded, readOnly }: { loaded: Campaign; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const update = useUpdateCampaign();
  const editor = useVersionedEditor({
    loaded,
    draftOf: campaignDraftOf,
    fetchLatest: () => queryClient.fetchQuery({ ...campaignQueryOptions(loaded.id), staleTime: 0 }),
  });
  const { base, draft, setDraft } = editor;
  // A rule the server named is shown at its field, as the form's own check would.
  const errors = { ...editor.errors, ...serverRuleErrors(editor.failure, draft) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || !editor.accept(campaignErrors(draft))) return;
    void editor.save(() =>
      update.mutateAsync({ ...campaignFieldsOf(draft), id: base.id, version: base.version }),
    );
  };

  return (
    <form className="campaign-form" aria-label="Campaign terms" noValidate onSubmit={submit}>
      <fieldset className="campaign-form__all" disabled={readOnly}>
        <legend className="visually-hidden">Terms</legend>
        <CampaignFields draft={draft} setDraft={setDraft} errors={errors} />
      </fieldset>
      {readOnly ? null : (
        <CampaignSaveFeedback
          draft={draft}
          errors={errors}
          failure={editor.failure}
          saving={editor.saving}
          savedVersion={editor.savedVersion}
          reloading={editor.reloading}
          onReload={() => void editor.reload()}
          submitLabel="Save campaign"
        />
      )}
    </form>
  );
}
