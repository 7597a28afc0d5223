import type { ThemeName } from '@backlay/contract/admin-brands';
import { SelectField } from '../../../shared/ui/fields';
import { isThemeChoice, THEME_OPTIONS } from '../model/brand-draft';

/** The brand's theme group, or none (`''`: coloured by its background colour alone). */
export function ThemeField({
  value,
  error,
  onChange,
}: {
  value: ThemeName | '';
  error: string | undefined;
  onChange: (theme: ThemeName | '') => void;
}) {
  return (
    <SelectField
      label="Theme"
      value={value}
      options={THEME_OPTIONS}
      error={error}
      onChange={(event) => {
        const theme = event.target.value;
        if (isThemeChoice(theme)) onChange(theme);
      }}
    />
  );
}
