import { TextAreaField } from '../../../shared/ui/fields';

/** The remark field of a decision; the player sees what is written in it. */
export function RemarkField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint: string;
}) {
  return (
    <TextAreaField
      label="Remark"
      hint={hint}
      rows={2}
      maxLength={300}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
