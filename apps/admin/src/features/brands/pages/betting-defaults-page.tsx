import type { BettingDefaultsState } from '@backlay/contract/admin-brands';
import { updateBettingDefaultsRoute } from '@backlay/contract/admin-calls';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates';
import {
  errorsUnder,
  requestErrorsByPath,
  type FieldErrors,
} from '../../../shared/forms/request-errors';
import { paths } from '../../../shared/paths';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { bettingDefaultsQueryOptions, useBettingDefaults } from '../api/betting-defaults';
import { useUpdateBettingDefaults } from '../api/update-betting-defaults';
import { BettingRulesEditor } from '../components/betting-rules-editor';
import { SaveFooter } from '../../../shared/ui/save-feedback';
import { useVersionedEditor } from '../../../shared/forms/use-versioned-editor';
import { changedByText } from '../model/changed-by';
import { fieldsToRules, rulesPlaceholders, rulesToFields } from '../model/rules-form';
import '../components/brands.css';

/** Messages by path within the rules, as paths of the update request (`rules.…`). */
function asRequestPaths(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, m]) => [`rules.${path}`, m]));
}

/**
 * The platform's rules as a form over the version they were loaded from; the commission and
 * the limits of all markets are required.
 */
function DefaultsForm({ loaded }: { loaded: BettingDefaultsState }) {
  const queryClient = useQueryClient();
  const update = useUpdateBettingDefaults();
  const editor = useVersionedEditor({
    loaded,
    draftOf: (state: BettingDefaultsState) => rulesToFields(state.rules),
    fetchLatest: () => queryClient.fetchQuery({ ...bettingDefaultsQueryOptions(), staleTime: 0 }),
  });
  const { base, errors } = editor;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { rules, errors: typed } = fieldsToRules(editor.draft, { required: true });
    const { commissionPercent, all } = rules;
    // Both are required: when either is missing, the form's own errors already say so.
    const input =
      commissionPercent === undefined || all === undefined
        ? null
        : { rules: { ...rules, commissionPercent, all }, version: base.version };
    const found = {
      ...(input ? requestErrorsByPath(updateBettingDefaultsRoute, input) : null),
      ...asRequestPaths(typed),
    };
    if (!editor.accept(found) || !input) return;
    void editor.save(() => update.mutateAsync(input));
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Betting defaults">
      <p className="muted">
        Version {base.version}, {formatDateTime(base.updatedAt)} by {changedByText(base.updatedBy)}
      </p>
      <BettingRulesEditor
        scope="platform"
        fields={editor.draft}
        onChange={editor.setDraft}
        errors={errorsUnder(errors, 'rules')}
        placeholders={rulesPlaceholders(fieldsToRules(editor.draft).rules, null)}
      />
      <SaveFooter
        editor={editor}
        errors={errors}
        what="the betting defaults"
        submitLabel="Save betting defaults"
      />
    </form>
  );
}

/** `/admin/brands/betting-defaults`: the platform's betting rules, which every brand starts from. */
export default function BettingDefaultsPage() {
  const defaults = useBettingDefaults();
  return (
    <>
      <PageHeader
        title="Betting defaults"
        subtitle="Commission, stake and liability limits and in-play delays of every brand that does not set its own."
        actions={<Link to={paths.brands.path}>All brands</Link>}
      />
      {defaults.isPending ? (
        <Loading />
      ) : defaults.isError ? (
        <ErrorNotice error={defaults.error} onRetry={() => void defaults.refetch()} />
      ) : (
        <DefaultsForm loaded={defaults.data} />
      )}
    </>
  );
}
