import { translateFormMessage } from './form-messages';

/** A schema issue as zod reports it. */
export interface FormIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** Field messages keyed by the issue's path (`userName`, `stakes.3.value`). */
export type FieldErrors = Record<string, string>;

/** The first message for each field a failed parse names, in the player's language. */
export function fieldErrorsOf(issues: readonly FormIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= translateFormMessage(issue.message);
  }
  return errors;
}
