import type { PaymentSettings } from '@backlay/contract/admin-payments';
import { updatePaymentSettingsRoute } from '@backlay/contract/admin-calls';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { requestErrorsByPath } from '../../../shared/forms/request-errors';
import { useVersionedEditor } from '../../../shared/forms/use-versioned-editor';
import { Section } from '../../../shared/ui/page-header';
import { SaveFooter } from '../../../shared/ui/save-feedback';
import { SwitchField } from '../../../shared/ui/switch-field';
import { paymentSettingsQueryOptions } from '../api/payment-settings';
import { useUpdatePaymentSettings } from '../api/update-payment-settings';
import { draftOf, updateRequestOf } from '../model/settings-draft';
import { paymentSettingsLabel } from '../model/settings-labels';
import { BankMethods } from './bank-methods';
import { PaymentLimitsFields } from './payment-limits-fields';
import { UpiMethods } from './upi-methods';
import './payments.css';

/**
 * A brand's payment settings as a form over the version they were loaded from: its UPI ids and
 * bank accounts, the deposit channels and the limits, saved together as the next version
 * after the contract's checks. A save over someone else's newer version is refused, and the
 * form offers to reload theirs.
 */
export function PaymentSettingsForm({ loaded }: { loaded: PaymentSettings }) {
  const queryClient = useQueryClient();
  const update = useUpdatePaymentSettings();
  const editor = useVersionedEditor({
    loaded,
    draftOf,
    fetchLatest: () =>
      queryClient.fetchQuery({ ...paymentSettingsQueryOptions(loaded.brand), staleTime: 0 }),
  });
  const { base, draft, setDraft, errors } = editor;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = updateRequestOf(draft, base);
    if (!editor.accept(requestErrorsByPath(updatePaymentSettingsRoute, input) ?? {})) return;
    void editor.save(() => update.mutateAsync(input));
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Payment settings">
      <p className="muted">
        {base.version === 0
          ? 'Not saved yet: players see the platform’s defaults until the first save.'
          : `Version ${base.version}`}
      </p>
      <div className="payment-settings">
        <div className="payment-settings__wide">
          <UpiMethods
            rows={draft.upi}
            errors={errors}
            onChange={(upi) => setDraft((old) => ({ ...old, upi }))}
          />
        </div>
        <div className="payment-settings__wide">
          <BankMethods
            rows={draft.bank}
            errors={errors}
            onChange={(bank) => setDraft((old) => ({ ...old, bank }))}
          />
        </div>
        <Section title="Deposit channels">
          <SwitchField
            label="Payment link"
            hint="Players may pay through the payment gateway’s link."
            checked={draft.paymentLink}
            onChange={(event) => setDraft((old) => ({ ...old, paymentLink: event.target.checked }))}
          />
          <SwitchField
            label="UPI intent"
            hint="Players on a phone may open their UPI app with the amount filled in."
            checked={draft.upiIntent}
            onChange={(event) => setDraft((old) => ({ ...old, upiIntent: event.target.checked }))}
          />
        </Section>
        <PaymentLimitsFields
          limits={draft.limits}
          errors={errors}
          onChange={(limits) => setDraft((old) => ({ ...old, limits }))}
        />
      </div>
      <SaveFooter
        editor={editor}
        errors={errors}
        what={`the payment settings of ${base.brand}`}
        submitLabel="Save payment settings"
        labelOf={paymentSettingsLabel}
      />
    </form>
  );
}
