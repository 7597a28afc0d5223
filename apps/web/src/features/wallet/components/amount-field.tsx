import { formatRupees } from '../../../shared/format/money';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { TextField } from '../../../shared/ui/text-field';
import { limitsHint, parseAmount, quickAmounts, type AmountLimits } from '../model/amount';

const messages = i18n('wallet/amount-field', { quickAmounts: 'Quick amounts' });

/** An amount in rupees with quick amounts inside the limits, and the limits under it. */
export function AmountField({
  label,
  value,
  onChange,
  limits,
  quickLimits = limits,
  error,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  limits: AmountLimits;
  /** Where quick amounts must fall, when narrower than the limits (the withdrawable cash). */
  quickLimits?: AmountLimits;
  error: string | null;
  disabled?: boolean;
}) {
  const t = useMessages(messages);
  // No quick amount fits when the range is empty (less withdrawable than the minimum).
  const quick = quickLimits.max >= quickLimits.min ? quickAmounts(quickLimits) : [];
  return (
    <div className="amount-field">
      <TextField
        label={label}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={value}
        disabled={disabled}
        error={error}
        hint={limitsHint(limits)}
        onChange={(e) => onChange(e.target.value)}
      />
      {quick.length > 0 ? (
        <div className="amount-field__quick" role="group" aria-label={t.quickAmounts}>
          {quick.map((amount) => (
            <button
              key={amount}
              type="button"
              className="amount-field__chip"
              aria-pressed={parseAmount(value) === amount}
              disabled={disabled}
              onClick={() => onChange(String(amount))}
            >
              {formatRupees(amount).replace(/\.00$/, '')}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
