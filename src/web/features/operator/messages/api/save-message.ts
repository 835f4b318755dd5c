import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  messageResponseSchema,
  type MessageSave,
  type MessageTemplateEntry,
} from '../../../../../contract/operator-messages';
import { API_PATHS } from '../../../../../contract/paths';
import type { MessageEvent } from '../../../../../domain/passenger-messages';
import { apiRequest } from '../../../../lib/api-client';
import { messageKeys } from './message-keys';

const messagePath = (event: MessageEvent) => API_PATHS.operatorMessage.replace(':event', event);

/** PUT /operator/messages/{event}: the saved template. */
export async function saveMessage(save: {
  event: MessageEvent;
  body: MessageSave;
}): Promise<MessageTemplateEntry> {
  const answer = await apiRequest(messagePath(save.event), {
    method: 'PUT',
    body: save.body,
    schema: messageResponseSchema,
  });
  return answer.template;
}

/** DELETE /operator/messages/{event}: Reset to default; the default template. */
export async function resetMessage(event: MessageEvent): Promise<MessageTemplateEntry> {
  const answer = await apiRequest(messagePath(event), {
    method: 'DELETE',
    schema: messageResponseSchema,
  });
  return answer.template;
}

/** The list's copy of the event follows the answer, so every section shows what is saved. */
function useReplaceInList() {
  const queryClient = useQueryClient();
  return (saved: MessageTemplateEntry) =>
    queryClient.setQueryData<MessageTemplateEntry[]>(messageKeys.list(), (list) =>
      list?.map((entry) => (entry.event === saved.event ? saved : entry)),
    );
}

export function useSaveMessage() {
  const replace = useReplaceInList();
  return useMutation({
    mutationKey: messageKeys.save(),
    mutationFn: saveMessage,
    onSuccess: replace,
    networkMode: 'always',
  });
}

export function useResetMessage() {
  const replace = useReplaceInList();
  return useMutation({
    mutationKey: messageKeys.reset(),
    mutationFn: resetMessage,
    onSuccess: replace,
    networkMode: 'always',
  });
}
