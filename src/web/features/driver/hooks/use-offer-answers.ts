import { useState } from 'react';
import { DRIVER_APP_MESSAGES } from '../../../../domain/driver-app-messages';
import { ApiError } from '../../../lib/api-client';
import { useAcceptOffer, useDeclineOffer } from '../api/answer-offer';

const GENERAL_FAILURE = 'Your answer did not reach the office. Please try again.';

/** The server's words for a refused answer (the offer taken back or run out), else a general one. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return error.message;
  if (error instanceof ApiError && error.isNetworkError) return error.message;
  return GENERAL_FAILURE;
}

/**
 * Accept and Decline of one offer: each says what it did through `onAnswered`, or keeps the
 * server's refusal in `failure`. Declining opens the reason's dialog first.
 */
export function useOfferAnswers(jobRef: string, onAnswered: (notice: string) => void) {
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const [declining, setDeclining] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const answerAccept = async () => {
    setFailure(null);
    try {
      await accept.mutateAsync(jobRef);
      onAnswered(DRIVER_APP_MESSAGES.offerAccepted(jobRef));
    } catch (error) {
      setFailure(failureText(error));
    }
  };
  const answerDecline = async (reason: string) => {
    try {
      await decline.mutateAsync({ jobRef, reason });
    } catch (error) {
      setFailure(failureText(error));
      return;
    }
    setDeclining(false);
    onAnswered(DRIVER_APP_MESSAGES.offerDeclined(jobRef));
  };
  const openDecline = () => {
    setFailure(null);
    setDeclining(true);
  };

  return {
    accepting: accept.isPending,
    sendingDecline: decline.isPending,
    declining,
    failure,
    answerAccept,
    answerDecline,
    openDecline,
    closeDecline: () => setDeclining(false),
  };
}
