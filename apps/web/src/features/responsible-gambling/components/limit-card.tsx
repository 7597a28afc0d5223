import {
  LIMIT_WINDOWS,
  type GamblingSettings,
  type LimitWindow,
} from '@backlay/contract/responsible-gambling';
import { useId, type ReactNode } from 'react';
import type { FieldErrors } from '../../../shared/forms/field-errors';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { TextField } from '../../../shared/ui/text-field';
import { limitField, type LimitForm, type LimitKind } from '../model/limit-form';
import { formatLimitAmount, limitName, pendingText, usedText } from '../model/limit-text';

const messages = i18n('responsible-gambling/limit-card', {
  noLimit: 'No limit',
  appliesUntil: params('{amount} applies until then.'),
  keep: params('Keep {amount}'),
});

/**
 * One kind of limit in a card: a field per window holding the limit in force now, what the
 * window has used, and a raise or removal still waiting.
 */
export function LimitCard({
  kind,
  title,
  lead,
  settings,
  values,
  errors,
  disabled,
  onChange,
  children,
}: {
  kind: LimitKind;
  title: string;
  lead: ReactNode;
  settings: GamblingSettings;
  values: LimitForm;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (kind: LimitKind, window: LimitWindow, text: string) => void;
  /** More about the limits, under the fields. */
  children?: ReactNode;
}) {
  const t = useMessages(messages);
  const titleId = useId();
  return (
    <section className="rg-card" aria-labelledby={titleId}>
      <h2 className="rg-card__title" id={titleId}>
        {title}
      </h2>
      <p className="rg-card__lead">{lead}</p>
      <div className="rg-limits">
        {LIMIT_WINDOWS.map((window) => {
          const limit = settings[kind][window];
          return (
            <div className="rg-limit" key={window} data-testid={`limit-${kind}-${window}`}>
              <TextField
                label={`${limitName(kind, window)} (₹)`}
                name={limitField(kind, window)}
                inputMode="decimal"
                autoComplete="off"
                placeholder={t.noLimit}
                value={values[kind][window]}
                error={errors[limitField(kind, window)]}
                disabled={disabled}
                onChange={(e) => onChange(kind, window, e.target.value)}
              />
              <p className="rg-limit__used">{usedText(kind, window, limit.used)}</p>
              {limit.pending ? (
                <p className="rg-limit__pending">
                  <strong>{pendingText(limit.pending)}</strong>
                  {/* Saving the amount in force is how the server withdraws a waiting change. */}
                  {limit.amount !== null ? (
                    <>
                      <span>{t.appliesUntil({ amount: formatLimitAmount(limit.amount) })}</span>
                      <button
                        type="button"
                        className="rg-limit__keep"
                        disabled={disabled}
                        onClick={() => onChange(kind, window, String(limit.amount))}
                      >
                        {t.keep({ amount: formatLimitAmount(limit.amount) })}
                      </button>
                    </>
                  ) : null}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {children}
    </section>
  );
}
