import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldPath, type FieldValues } from 'react-hook-form';
import type * as z from 'zod/mini';
import { ApiError } from '../../../../lib/api-client';
import { setFieldIssues } from '../../../../lib/field-issues';
import { useTextFields } from '../../../../lib/use-text-fields';

/**
 * A set-up form of text fields (a category, a company): the form's own checks, the save, and
 * the server's 400 issues under the fields they name, labelled as the page labels them.
 */
export function useSetupForm<V extends FieldValues, Saved>(options: {
  schema: z.ZodMiniType<V, V>;
  defaults: V;
  /** The fields' visible labels, in the page's order. */
  labels: Record<FieldPath<V>, string>;
  save: (values: V) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
  /** The save's failure, for the message of one that names no field. */
  error: unknown;
}) {
  const { labels } = options;
  const form = useForm<V>({
    defaultValues: options.defaults as DefaultValues<V>,
    resolver: zodResolver(options.schema),
  });
  const { field } = useTextFields(form, { clearOnChange: true });
  const order = Object.keys(labels) as FieldPath<V>[];
  const isField = (path: string): path is FieldPath<V> => path in labels;

  const submit = async (values: V) => {
    try {
      options.onSaved(await options.save(values));
    } catch (error) {
      if (error instanceof ApiError) {
        setFieldIssues(form.setError, error.issues, {
          fieldOf: (path) => (isField(path) ? path : undefined),
          labels,
          order,
        });
      } else {
        console.error('Saving failed:', error);
      }
    }
  };
  const { error } = options;
  const failure =
    error instanceof ApiError && !error.issues.some((issue) => isField(issue.path))
      ? error.message
      : null;
  return { form, field, submit, failure };
}
