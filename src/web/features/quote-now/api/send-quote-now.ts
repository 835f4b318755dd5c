import { useMutation } from '@tanstack/react-query';
import type { InstantQuoteRequest } from '../../../../contract/submissions';
import { submitOrQueue, type SubmitResult } from '../../../offline/outbox';

/**
 * POST /send-instant-email through the offline outbox: 'sent' once the server has it, 'queued'
 * when it was saved to go later (offline, network failure, 5xx, 429). Rejects with the
 * ApiError of any other failure.
 */
export function sendQuoteNow(body: InstantQuoteRequest): Promise<SubmitResult> {
  return submitOrQueue('quote-now', body);
}

// 'always': offline is the outbox's business, not a reason for the mutation to pause.
export const useSendQuoteNow = () =>
  useMutation({ mutationFn: sendQuoteNow, networkMode: 'always' });
