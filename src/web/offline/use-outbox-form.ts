import { useRef, useState, type FormEvent } from 'react';
import type { ValidationIssue } from '../../contract/envelope';
import { ApiError } from '../lib/api-client';
import type { SubmitResult } from './outbox';

type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type OutboxFormOptions<V extends Record<F, string>, F extends string> = {
  initial: V;
  /** What the form holds again once its values were sent or saved to go later. */
  empty: V;
  /** The fields in the page's order; each control's name is its field. */
  fields: readonly F[];
  /** Sends the values or saves them in the outbox; rejects with the server's refusal. */
  send: (values: V) => Promise<SubmitResult>;
  /** A send is under way: a second submit is ignored. */
  busy: boolean;
  serverErrors: (issues: readonly ValidationIssue[]) => FieldErrors<F>;
};

export type OutboxSubmitHandlers<V, F extends string> = {
  /** `form` is the submitted form, for what only its controls know (an input's validity). */
  validate: (values: V, form: HTMLFormElement) => FieldErrors<F>;
  /** Clears the outcome of the previous try. */
  onStart: () => void;
  onDone: (result: SubmitResult) => void;
  onFailed: (error: unknown) => void;
  /** Off where a dialog shows the failure: the dialog holds focus, not the field. */
  focusServerErrors: boolean;
};

/**
 * A form sent through the offline outbox (Quote Now, Contact Us): its values and errors, and a
 * submit that checks, sends or saves, and empties the form either way. What was typed stays
 * after a failure, with the server's complaints under the fields they name.
 */
export function useOutboxForm<V extends Record<F, string>, F extends string>({
  initial,
  empty,
  fields,
  send,
  busy,
  serverErrors,
}: OutboxFormOptions<V, F>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  // Controls are found by name when focus has to move to one.
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends F>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  const focusFirst = (found: FieldErrors<F>) => {
    const first = fields.find((field) => found[field]);
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  const submit =
    ({ validate, onStart, onDone, onFailed, focusServerErrors }: OutboxSubmitHandlers<V, F>) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      const found = validate(values, event.currentTarget);
      setErrors(found);
      onStart();
      if (fields.some((field) => found[field])) {
        focusFirst(found);
        return;
      }
      try {
        const result = await send(values);
        // Sent or safely saved to go later: either way the form has done its job.
        setValues(empty);
        onDone(result);
      } catch (error) {
        onFailed(error);
        if (error instanceof ApiError) {
          const fromServer = serverErrors(error.issues);
          setErrors(fromServer);
          if (focusServerErrors) focusFirst(fromServer);
        }
      }
    };

  return { values, errors, set, formRef, submit };
}
