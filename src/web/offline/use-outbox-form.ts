import type { FormEvent } from 'react';
import { useForm, type DefaultValues, type Resolver } from 'react-hook-form';
import { ApiError } from '../lib/api-client';
import { setFieldIssues, type IssueFieldOptions } from '../lib/field-issues';
import { useTextFields } from '../lib/use-text-fields';
import type { SubmitResult } from './outbox';

/** Every field as its control holds it: text. */
type TextValues = Record<string, string>;

export type OutboxFormOptions<V extends TextValues> = {
  initial: V;
  /** What the form holds again once its values were sent or saved to go later. */
  empty: V;
  /** The form's checks, in the page's words (a zodResolver over its schema). */
  resolver: Resolver<V>;
  /** Sends the values or saves them in the outbox; rejects with the server's refusal. */
  send: (values: V) => Promise<SubmitResult>;
  /** A send is under way: a second submit is ignored. */
  busy: boolean;
  /** Where the server's 400 issues go; `order` is the page's order of the fields. */
  issues: IssueFieldOptions<V>;
};

export type OutboxSubmitHandlers = {
  /** Clears the outcome of the previous try. */
  onStart: () => void;
  onDone: (result: SubmitResult) => void;
  onFailed: (error: unknown) => void;
};

/**
 * A form sent through the offline outbox (Quote Now, Contact Us), on react-hook-form: a submit
 * that checks, sends or saves, and empties the form either way. What was typed stays after a
 * failure, with the server's complaints under the fields they name. Typing into a field clears
 * its message; the checks run again on the next submit only.
 */
export function useOutboxForm<V extends TextValues>({
  initial,
  empty,
  resolver,
  send,
  busy,
  issues,
}: OutboxFormOptions<V>) {
  const form = useForm<V>({
    defaultValues: initial as DefaultValues<V>,
    resolver,
    reValidateMode: 'onSubmit',
  });
  const { field, set } = useTextFields(form, { clearOnChange: true });

  const submit =
    ({ onStart, onDone, onFailed }: OutboxSubmitHandlers) =>
    (event: FormEvent<HTMLFormElement>) => {
      if (busy) {
        event.preventDefault();
        return Promise.resolve();
      }
      onStart();
      return form.handleSubmit(async (current) => {
        try {
          const result = await send(current);
          // Sent or safely saved to go later: either way the form has done its job.
          form.reset(empty);
          onDone(result);
        } catch (error) {
          onFailed(error);
          if (error instanceof ApiError) setFieldIssues(form.setError, error.issues, issues);
        }
      })(event);
    };

  return { field, set, submit };
}
