import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  messagesResponseSchema,
  type MessageTemplateEntry,
} from '../../../../../contract/operator-messages';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { messageKeys } from './message-keys';

/** GET /operator/messages: every event's wording (admin only). */
export async function getMessages(signal?: AbortSignal): Promise<MessageTemplateEntry[]> {
  const answer = await apiRequest(API_PATHS.operatorMessages, {
    schema: messagesResponseSchema,
    signal,
  });
  return answer.messages;
}

export const messagesQuery = () =>
  queryOptions({
    queryKey: messageKeys.list(),
    queryFn: ({ signal }) => getMessages(signal),
    meta: { persist: false },
  });

export function useMessages() {
  return useQuery(messagesQuery());
}
