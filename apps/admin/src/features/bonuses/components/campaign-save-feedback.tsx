import { errorText } from '../../../shared/api/admin-api-error';
import type { FieldErrors } from '../../../shared/forms/request-errors';
import { Button } from '../../../shared/ui/button';
import { Notice } from '../../../shared/ui/notice';
import { FieldErrorsNotice, SaveFeedback } from '../../../shared/ui/save-feedback';
import { campaignFieldLabel, serverRuleErrors, type CampaignDraft } from '../model/campaign-draft';

/**
 * The end of a campaign's editor: what to fix (the form's check, by the fields' names), why the
 * server refused a save (a rule every campaign keeps, in its words; someone's newer version,
 * with a reload), that it was saved, and the save button.
 */
export function CampaignSaveFeedback({
  draft,
  errors,
  failure,
  saving,
  savedVersion = null,
  reloading = false,
  onReload,
  submitLabel,
}: {
  draft: CampaignDraft;
  errors: FieldErrors;
  failure: unknown;
  saving: boolean;
  savedVersion?: number | null;
  reloading?: boolean;
  onReload?: () => void;
  submitLabel: string;
}) {
  const ruleRefused = failure !== null && serverRuleErrors(failure, draft) !== null;
  return (
    <>
      {ruleRefused ? (
        <Notice tone="error" title="The server refused the campaign">
          <p>{errorText(failure)}</p>
        </Notice>
      ) : failure !== null ? (
        <SaveFeedback
          failure={failure}
          what="this campaign"
          onReload={() => onReload?.()}
          reloading={reloading}
        />
      ) : (
        <FieldErrorsNotice errors={errors} labelOf={campaignFieldLabel} />
      )}
      {savedVersion !== null ? (
        <Notice tone="success">
          <p>Saved as version {savedVersion}.</p>
        </Notice>
      ) : null}
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={saving}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
