import { Button, Flex, Text } from '@chakra-ui/react';
import { DRIVER_APP_MESSAGES } from '../../../../domain/driver-app-messages';
import { AlertMessage } from '../../../components/status-panels';
import { useNow } from '../hooks/use-now';
import { useOfferAnswers } from '../hooks/use-offer-answers';
import { offerSecondsLeft } from '../lib/job-lists';
import { DeclineDialog } from './decline-dialog';

/**
 * An offer's answer: the time left (to the second), Accept, and Decline with a reason. Once the
 * time is up the buttons go; the server's refusal (taken back, run out) is shown as it says it.
 */
export function OfferActions({
  jobRef,
  expiresAt,
  describedBy,
  onAnswered,
}: {
  jobRef: string;
  expiresAt: string;
  /** The id of the job's heading, so each button is heard with the job it answers. */
  describedBy: string;
  onAnswered: (notice: string) => void;
}) {
  const now = useNow(1_000);
  const secondsLeft = offerSecondsLeft(expiresAt, now);
  const answers = useOfferAnswers(jobRef, onAnswered);

  if (secondsLeft === 0) {
    return <Text color="gray.700">{DRIVER_APP_MESSAGES.offerExpired}</Text>;
  }
  return (
    <Flex direction="column" gap={3}>
      <Text fontWeight="semibold" color="orange.800" aria-live="off">
        {DRIVER_APP_MESSAGES.offerTimeLeft(secondsLeft)}
      </Text>
      {answers.failure && !answers.declining ? (
        <AlertMessage>{answers.failure}</AlertMessage>
      ) : null}
      <Flex gap={3}>
        <Button
          type="button"
          colorPalette="brand"
          size="lg"
          flex="1"
          aria-describedby={describedBy}
          loading={answers.accepting}
          disabled={answers.sendingDecline}
          onClick={() => void answers.answerAccept()}
        >
          Accept
        </Button>
        <Button
          type="button"
          variant="outline"
          size="lg"
          flex="1"
          aria-describedby={describedBy}
          disabled={answers.accepting}
          onClick={answers.openDecline}
        >
          Decline
        </Button>
      </Flex>
      <DeclineDialog
        open={answers.declining}
        jobRef={jobRef}
        sending={answers.sendingDecline}
        failure={answers.declining ? answers.failure : null}
        onDecline={answers.answerDecline}
        onClose={answers.closeDecline}
      />
    </Flex>
  );
}
