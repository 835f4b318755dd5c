import { useState } from 'react';
import * as z from 'zod/mini';
import {
  MESSAGE_FIELDS,
  type MessagePreviewRequest,
  type MessageTemplateEntry,
} from '../../../../../contract/operator-messages';
import { eventHasMail } from '../../../../../domain/passenger-messages';
import { useSetupForm } from '../../fleet/hooks/use-setup-form';
import { useResetMessage, useSaveMessage } from '../api/save-message';
import { useDebouncedValue } from './use-debounced-value';

export type MessageValues = { subject: string; intro: string; sms: string };

/** The fields by their visible labels, in the page's order: a refusal names them so. */
export const MESSAGE_FIELD_LABELS: Record<keyof MessageValues, string> = {
  subject: 'Subject',
  intro: 'Opening paragraph',
  sms: 'Text message',
};

// The contract's rules (lengths, each unknown placeholder by name), run before sending.
const mailSchema = z.object(MESSAGE_FIELDS);
const textOnlySchema = z.object({
  subject: z.string(),
  intro: z.string(),
  sms: MESSAGE_FIELDS.sms,
});

const valuesOf = (entry: MessageTemplateEntry): MessageValues => ({
  subject: entry.subject ?? '',
  intro: entry.intro ?? '',
  sms: entry.sms,
});

/**
 * One event's form on the Messages page: what is typed, checked by the contract's rules, the
 * preview of it (fetched a moment after typing stops), Save and Reset to default.
 */
export function useMessageForm(entry: MessageTemplateEntry) {
  const hasMail = eventHasMail(entry.event);
  const save = useSaveMessage();
  const reset = useResetMessage();
  const [notice, setNotice] = useState('');
  const labels = hasMail ? MESSAGE_FIELD_LABELS : { sms: MESSAGE_FIELD_LABELS.sms };
  const { form, field, submit, failure } = useSetupForm<MessageValues, MessageTemplateEntry>({
    schema: hasMail ? mailSchema : textOnlySchema,
    defaults: valuesOf(entry),
    labels: labels as Record<keyof MessageValues, string>,
    save: (values) => {
      setNotice('');
      return save.mutateAsync({
        event: entry.event,
        body: hasMail ? values : { sms: values.sms },
      });
    },
    onSaved: (saved) => {
      form.reset(valuesOf(saved));
      setNotice(`${saved.label}: saved.`);
    },
    error: save.error,
  });
  const typed = form.watch();
  // Compared as text: a new object each render would restart the wait every time.
  const words = JSON.stringify(
    hasMail ? { subject: typed.subject, intro: typed.intro, sms: typed.sms } : { sms: typed.sms },
  );
  const previewWords = JSON.parse(useDebouncedValue(words)) as MessagePreviewRequest;

  const resetToDefault = async () => {
    setNotice('');
    const back = await reset.mutateAsync(entry.event);
    form.reset(valuesOf(back));
    setNotice(`${back.label}: back to the default wording.`);
  };

  return {
    hasMail,
    form,
    field,
    submit: form.handleSubmit(submit),
    failure: failure ?? (reset.error ? reset.error.message : null),
    notice,
    saving: save.isPending,
    resetting: reset.isPending,
    resetToDefault,
    previewWords,
  };
}
