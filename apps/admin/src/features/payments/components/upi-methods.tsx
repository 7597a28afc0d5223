import { errorAt, type FieldErrors } from '../../../shared/forms/request-errors';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/fields';
import { Section } from '../../../shared/ui/page-header';
import { SwitchField } from '../../../shared/ui/switch-field';
import { MAX_METHODS, newUpiRow, type UpiRow } from '../model/settings-draft';
import { UPI_FIELD_LABELS } from '../model/settings-labels';
import { MethodFoot } from './method-foot';

/**
 * The brand's UPI ids players pay into: edit, switch off or add. A saved id is never
 * removed (old deposits name it); one being added can be, until it is saved.
 */
export function UpiMethods({
  rows,
  errors,
  onChange,
}: {
  rows: UpiRow[];
  errors: FieldErrors;
  onChange: (rows: UpiRow[]) => void;
}) {
  const set = (index: number, patch: Partial<UpiRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Section
      title="UPI ids"
      actions={
        <Button
          size="small"
          disabled={rows.length >= MAX_METHODS}
          onClick={() => onChange([...rows, newUpiRow()])}
        >
          Add UPI id
        </Button>
      }
    >
      {rows.length === 0 ? <p className="muted">No UPI id yet.</p> : null}
      <div className="methods">
        {rows.map((row, index) => (
          <fieldset key={row.key} className={row.active ? 'method' : 'method method--inactive'}>
            <legend>
              UPI id {index + 1}
              {row.id === undefined ? ' (new)' : ''}
            </legend>
            <TextField
              label={UPI_FIELD_LABELS.upiId}
              autoComplete="off"
              spellCheck={false}
              placeholder="name@bank"
              value={row.upiId}
              onChange={(event) => set(index, { upiId: event.target.value })}
              error={errorAt(errors, `upi.${index}.upiId`)}
            />
            <TextField
              label={UPI_FIELD_LABELS.payeeName}
              autoComplete="off"
              value={row.payeeName}
              onChange={(event) => set(index, { payeeName: event.target.value })}
              error={errorAt(errors, `upi.${index}.payeeName`)}
            />
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
