import { formatRupees } from '../../../shared/format/money';
import { TextField } from '../../../shared/ui/text-field';
import { limitsHint, parseAmount, quickAmounts, type AmountLimits } from '../model/amount';

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
        <div className="amount-field__quick" role="group" aria-label="Quick amounts">
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
