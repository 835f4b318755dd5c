import type { MessageEvent } from '../../../../../domain/passenger-messages';
import { operatorKeys } from '../../api/operator-keys';

/** The Messages page's query and mutation keys (issue 35), under the console's. */
export const messageKeys = {
  all: () => [...operatorKeys.all, 'messages'] as const,
  list: () => [...messageKeys.all(), 'list'] as const,
  preview: (event: MessageEvent, words: unknown) =>
    [...messageKeys.all(), 'preview', event, words] as const,
  save: () => [...messageKeys.all(), 'save'] as const,
  reset: () => [...messageKeys.all(), 'reset'] as const,
} as const;
