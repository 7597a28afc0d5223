import type { Campaign } from '@backlay/contract/admin-bonuses';
import { useState, type FormEvent } from 'react';
import { serverFieldErrors, type FieldErrors } from '../../../shared/forms/request-errors';
import { SelectField } from '../../../shared/ui/fields';
import { useCreateCampaign } from '../api/save-campaign';
import {
  campaignErrors,
  campaignFieldsOf,
  newCampaignDraft,
  serverRuleErrors,
} from '../model/campaign-draft';
import { CampaignFields } from './campaign-fields';
import { CampaignSaveFeedback } from './campaign-save-feedback';

/**
 * A new campaign for one of the operator's brands. The form checks the contract's rules before
 * sending (wagering at most 10×, one product), and shows the server's refusal at its field when
 * it refuses all the same.
 */
export function NewCampaignForm({
  brands,
  initialBrand,
  onCreated,
}: {
  brands: readonly string[];
  initialBrand: string | null;
  onCreated: (campaign: Campaign) => void;
}) {
  const create = useCreateCampaign();
  const [brand, setBrand] = useState(initialBrand ?? brands[0] ?? '');
  const [draft, setDraft] = useState(() => newCampaignDraft());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = campaignErrors(draft);
    if (brand === '') found.brand = 'Choose a brand';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      onCreated(await create.mutateAsync({ ...campaignFieldsOf(draft), brand }));
    } catch (error) {
      setFailure(error);
      setErrors(serverRuleErrors(error, draft) ?? serverFieldErrors(error) ?? {});
    }
  };

  return (
    <form
      className="campaign-form"
      aria-label="New campaign"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <SelectField
        label="Brand"
        className="campaign-form__brand"
        value={brand}
        error={errors.brand}
        options={brands.map((domain) => ({ value: domain, label: domain }))}
        onChange={(event) => setBrand(event.target.value)}
      />
      <CampaignFields draft={draft} setDraft={setDraft} errors={errors} />
      <CampaignSaveFeedback
        draft={draft}
        errors={errors}
        failure={failure}
        saving={create.isPending}
        submitLabel="Create campaign"
      />
    </form>
  );
}
