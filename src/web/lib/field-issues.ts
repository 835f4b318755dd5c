import type { ValidationIssue } from '../../contract/envelope';

/**
 * A 400's issues on the form fields they name, in the page's words: an issue on 'email' whose
 * message starts with the wire name ('email must ...') is shown as 'Email must ...'. Issues on
 * no field of the form are left out; a field keeps its first issue.
 */
export function fieldErrorsFromIssues<F extends string>(
  issues: readonly ValidationIssue[],
  fieldOf: (path: string) => F | undefined,
  labels: Record<F, string>,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (!field || errors[field]) continue;
    errors[field] = issue.message.startsWith(issue.path)
      ? `${labels[field]}${issue.message.slice(issue.path.length)}`
      : issue.message;
  }
  return errors;
}
