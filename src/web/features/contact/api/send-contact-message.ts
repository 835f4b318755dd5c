import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '../../../../contract/submissions';
import { submitOrQueue, type SubmitResult } from '../../../offline/outbox';

/**
 * POST /contact-us through the offline outbox: 'sent' once the server has it, 'queued' when it
 * was saved to go later (offline, network failure, 5xx, 429). Rejects with the ApiError of any
 * other failure, whose message is the server's error text.
 */
export function sendContactMessage(body: ContactRequest): Promise<SubmitResult> {
  return submitOrQueue('contact-us', body);
}

// 'always': offline is the outbox's business, not a reason for the mutation to pause.
export const useSendContactMessage = () =>
  useMutation({ mutationFn: sendContactMessage, networkMode: 'always' });
