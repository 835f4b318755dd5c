import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { ValidationIssue } from '../../contract/envelope';

export type IssueFieldOptions<T extends FieldValues> = {
  /** The field on screen that shows an issue on a request path, or undefined when none does. */
  fieldOf: (path: string) => FieldPath<T> | undefined;
  /**
   * The fields' visible labels: an issue on 'email' whose message starts with the wire name
   * ('email must ...') is shown as 'Email must ...'. Without labels, messages stay as sent.
   */
  labels?: Partial<Record<FieldPath<T>, string>>;
  /** The fields in the page's order: focus goes to the first of them with an issue. */
  order?: readonly FieldPath<T>[];
  /** Off where a dialog shows the failure: the dialog holds focus, not the field. */
  focus?: boolean;
};

/**
 * The one way a server's 400 `errors[]` reach a form: each issue goes under the field it
 * names (a field keeps its first issue) through react-hook-form's `setError`, and focus moves
 * to the first such field. Returns the issues no field shows, for the form's own message.
 */
export function setFieldIssues<T extends FieldValues>(
  setError: UseFormSetError<T>,
  issues: readonly ValidationIssue[],
  { fieldOf, labels, order, focus = true }: IssueFieldOptions<T>,
): ValidationIssue[] {
  const placed = new Map<FieldPath<T>, string>();
  const rest: ValidationIssue[] = [];
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (!field) {
      rest.push(issue);
      continue;
    }
    if (placed.has(field)) continue;
    const label = labels?.[field];
    placed.set(
      field,
      label && issue.message.startsWith(issue.path)
        ? `${label}${issue.message.slice(issue.path.length)}`
        : issue.message,
    );
  }
  const first = order?.find((field) => placed.has(field)) ?? placed.keys().next().value;
  for (const [field, message] of placed) {
    setError(field, { type: 'server', message }, { shouldFocus: focus && field === first });
  }
  return rest;
}
