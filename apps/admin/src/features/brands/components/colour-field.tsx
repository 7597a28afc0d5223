import { FieldFrame } from '../../../shared/ui/fields';
import './brands.css';

/** The six-digit form of a hex colour, which a colour picker needs (`#abc` → `#aabbcc`). */
export function pickerColour(hex: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  if (short)
    return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  const long = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(hex);
  return long ? `#${long[1]}`.toLowerCase() : '#000000';
}

/** A colour: a picker and its hex code side by side, either of which sets it. */
export function ColourField({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => (
        <div className="colour-field">
          <input
            type="color"
            className="colour-field__picker"
            aria-label={`${label}: picker`}
            value={pickerColour(value)}
            onChange={(event) => onChange(event.target.value)}
          />
          <input
            {...control}
            className="field__control colour-field__hex mono"
            value={value}
            maxLength={9}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => onChange(event.target.value.trim())}
          />
        </div>
      )}
    </FieldFrame>
  );
}
