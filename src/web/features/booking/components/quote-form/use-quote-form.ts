import { useId, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { ValidationIssue } from '../../../../../contract/envelope';
import { useSettings } from '../../../../api/get-settings';
import { useDraftAutosave, useResetOnInitial, type QuoteFormProps } from './form-state';
import { useSubmitQuote, type QuoteRequest } from './use-submit-quote';

/** What sets one quote form apart from the other. */
type QuoteFormKind<Draft extends FieldValues> = {
  /** The form's starting values when the page gives none. */
  defaults: () => Draft;
  /** Writes the form to its draft; must be stable (a module-level function). */
  saveDraft: (values: Draft) => Promise<void>;
  /** The form's values as the price request. */
  request: (values: Draft) => QuoteRequest;
  /** Puts the server's problems under their fields; returns the rest, to show by the button. */
  placeIssues: (form: UseFormReturn<Draft>, issues: readonly ValidationIssue[]) => string[];
};

/**
 * What the mileage and hourly quote forms share: the form over its draft (saved as it is typed,
 * taking a later draft in without losing what was typed), its control ids, and the submit that
 * prices it, with the problems and the offline note it leaves to show.
 */
export function useQuoteForm<Draft extends FieldValues>(
  {
    initial: given,
    onSubmitted,
    autoSave = true,
  }: Pick<QuoteFormProps<Draft>, 'initial' | 'onSubmitted' | 'autoSave'>,
  { defaults, saveDraft, request, placeIssues }: QuoteFormKind<Draft>,
) {
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;
  const { settings } = useSettings();
  const [fallback] = useState(() => given ?? defaults());
  const initial = given ?? fallback;
  const form = useForm<Draft>({ defaultValues: initial as DefaultValues<Draft> });
  const submission = useSubmitQuote({ onSubmitted, saveFormFirst: autoSave });
  const [messages, setMessages] = useState<string[]>([]);
  const [offline, setOffline] = useState(false);

  useResetOnInitial(form, initial);
  useDraftAutosave(form, saveDraft, autoSave);

  const onSubmit = form.handleSubmit(async (values) => {
    setMessages([]);
    setOffline(false);
    const outcome = await submission.submit(request(values));
    if (outcome.status === 'invalid') setMessages(placeIssues(form, outcome.issues));
    if (outcome.status === 'offline') setOffline(true);
  });

  return {
    form,
    /** The id of a field's control, unique to this form. */
    fid,
    googleApiKey: settings.GOOGLE_API_KEY,
    submission,
    onSubmit,
    /** Problems no single field shows. */
    messages,
    /** The last submit found no connection. */
    offline,
  };
}
