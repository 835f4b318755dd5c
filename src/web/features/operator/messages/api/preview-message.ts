import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  messagePreviewSchema,
  type MessagePreview,
  type MessagePreviewRequest,
} from '../../../../../contract/operator-messages';
import { API_PATHS } from '../../../../../contract/paths';
import type { MessageEvent } from '../../../../../domain/passenger-messages';
import { apiRequest } from '../../../../lib/api-client';
import { messageKeys } from './message-keys';

/** POST /operator/messages/{event}/preview: the words filled with the sample booking. */
export async function previewMessage(
  event: MessageEvent,
  words: MessagePreviewRequest,
  signal?: AbortSignal,
): Promise<MessagePreview> {
  return apiRequest(API_PATHS.operatorMessagePreview.replace(':event', event), {
    method: 'POST',
    body: words,
    schema: messagePreviewSchema,
    signal,
  });
}

/** The preview of what is typed; the last one stays on screen while the next is fetched. */
export function useMessagePreview(event: MessageEvent, words: MessagePreviewRequest) {
  return useQuery(
    queryOptions({
      queryKey: messageKeys.preview(event, words),
      queryFn: ({ signal }) => previewMessage(event, words, signal),
      placeholderData: keepPreviousData,
      meta: { persist: false },
      staleTime: Infinity,
    }),
  );
}
