import { errorAt, type FieldErrors } from '../../../shared/forms/request-errors';
import { TextField } from '../../../shared/ui/fields';
import { Section } from '../../../shared/ui/page-header';
import { LIMIT_NAMES, type SettingsDraft } from '../model/settings-draft';
import { LIMIT_LABELS } from '../model/settings-labels';

/** The smallest and largest deposit and withdrawal a player of the brand may ask for. */
export function PaymentLimitsFields({
  limits,
  errors,
  onChange,
}: {
  limits: SettingsDraft['limits'];
  errors: FieldErrors;
  onChange: (limits: SettingsDraft['limits']) => void;
}) {
  return (
    <Section title="Limits">
      <div className="limits">
        {LIMIT_NAMES.map((name) => (
          <TextField
            key={name}
            label={LIMIT_LABELS[name]}
            inputMode="decimal"
            autoComplete="off"
            value={limits[name]}
            onChange={(event) => onChange({ ...limits, [name]: event.target.value })}
            error={errorAt(errors, `limits.${name}`)}
          />
        ))}
      </div>
    </Section>
  );
}
