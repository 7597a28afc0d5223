import type { Brand } from '@backlay/contract/admin-brands';
import type { FormEvent } from 'react';
import { errorsUnder, type FieldErrors } from '../../../shared/forms/request-errors';
import { ErrorNotice } from '../../../shared/ui/notice';
import { useBettingDefaults } from '../api/betting-defaults';
import { documentOfBrand } from '../model/brand-draft';
import { fieldsToRules, rulesPlaceholders, rulesToFields } from '../model/rules-form';
import { BettingRulesEditor } from './betting-rules-editor';
import { SaveFooter } from '../../../shared/ui/save-feedback';
import { useBrandEditor } from './use-brand-editor';

const fieldsOfBrand = (brand: Brand) => rulesToFields(brand.betting);

/** Messages by path within the rules, as paths of the update request (`betting.…`). */
function asRequestPaths(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, m]) => [`betting.${path}`, m]));
}

/**
 * The brand's betting rules tab: its overrides of the platform's rules, each empty field
 * showing the default that applies instead; saved with the rest of the brand's document as
 * its next version.
 */
export function BrandBettingRules({ brand }: { brand: Brand }) {
  const defaults = useBettingDefaults();
  const editor = useBrandEditor(brand, fieldsOfBrand);
  const { rules } = fieldsToRules(editor.draft);
  const placeholders = rulesPlaceholders(rules, defaults.data?.rules ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = fieldsToRules(editor.draft);
    void editor.save(
      { ...documentOfBrand(editor.base), betting: parsed.rules },
      asRequestPaths(parsed.errors),
    );
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Betting rules">
      {defaults.isError ? (
        <ErrorNotice error={defaults.error} onRetry={() => void defaults.refetch()} />
      ) : null}
      <BettingRulesEditor
        scope="brand"
        fields={editor.draft}
        onChange={editor.setDraft}
        errors={errorsUnder(editor.errors, 'betting')}
        placeholders={placeholders}
      />
      <SaveFooter
        editor={editor}
        errors={editor.errors}
        what="this brand"
        submitLabel="Save betting rules"
      />
    </form>
  );
}
