import { errorAt, type FieldErrors } from '../../../shared/forms/request-errors';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/fields';
import { Section } from '../../../shared/ui/page-header';
import { SwitchField } from '../../../shared/ui/switch-field';
import { MAX_METHODS, newBankRow, type BankRow } from '../model/settings-draft';
import { BANK_FIELD_LABELS } from '../model/settings-labels';
import { MethodFoot } from './method-foot';

type TextKey = 'bankName' | 'accountName' | 'accountNumber' | 'ifsc';

const FIELDS: readonly { key: TextKey; label: string; inputMode?: 'numeric' }[] = [
  { key: 'bankName', label: BANK_FIELD_LABELS.bankName },
  { key: 'accountName', label: BANK_FIELD_LABELS.accountName },
  { key: 'accountNumber', label: BANK_FIELD_LABELS.accountNumber, inputMode: 'numeric' },
  { key: 'ifsc', label: BANK_FIELD_LABELS.ifsc },
];

/**
 * The brand's bank accounts players transfer into: edit, switch off or add. As with UPI ids,
 * a saved account is never removed, only switched off.
 */
export function BankMethods({
  rows,
  errors,
  onChange,
}: {
  rows: BankRow[];
  errors: FieldErrors;
  onChange: (rows: BankRow[]) => void;
}) {
  const set = (index: number, patch: Partial<BankRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Section
      title="Bank accounts"
      actions={
        <Button
          size="small"
          disabled={rows.length >= MAX_METHODS}
          onClick={() => onChange([...rows, newBankRow()])}
        >
          Add bank account
        </Button>
      }
    >
      {rows.length === 0 ? <p className="muted">No bank account yet.</p> : null}
      <div className="methods">
        {rows.map((row, index) => (
          <fieldset key={row.key} className={row.active ? 'method' : 'method method--inactive'}>
            <legend>
              Bank account {index + 1}
              {row.id === undefined ? ' (new)' : ''}
            </legend>
            {FIELDS.map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                autoComplete="off"
                spellCheck={false}
                inputMode={field.inputMode}
                value={row[field.key]}
                onChange={(event) => set(index, { [field.key]: event.target.value })}
                error={errorAt(errors, `bank.${index}.${field.key}`)}
              />
            ))}
            <MethodFoot
              isNew={row.id === undefined}
              onRemove={() => onChange(rows.filter((_, i) => i !== index))}
            >
              <SwitchField
                label="Active"
                checked={row.active}
                onChange={(event) => set(index, { active: event.target.checked })}
                hint={row.active ? 'Offered to players.' : 'Not offered; old deposits keep it.'}
              />
            </MethodFoot>
          </fieldset>
        ))}
      </div>
    </Section>
  );
}
