import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { DRIVER_APP_MESSAGES, DRIVER_STEP_LABELS } from '../../../../domain/driver-app-messages';
import type { PressRecord } from '../offline/driver-db';
import { useRefusedPresses } from '../offline/use-presses';
import { dismissPress } from '../offline/press-outbox';

/** Why a press was not recorded, naming its job and step. */
function refusalText(press: PressRecord): string {
  const changed = press.refusedStatus === 404 || press.refusedStatus === 409;
  const say = changed
    ? DRIVER_APP_MESSAGES.pressRefusedNotice
    : DRIVER_APP_MESSAGES.pressRefusedOther;
  return say(press.jobRef, DRIVER_STEP_LABELS[press.body.status], press.lastError ?? '');
}

/**
 * Presses the server would not take (the booking was cancelled or given to another driver
 * while they waited for signal), each named by its job, until the driver dismisses it. They
 * are never sent again.
 */
export function RefusedPresses({ driverId }: { driverId: number }) {
  const refused = useRefusedPresses(driverId);
  if (refused.length === 0) return null;
  return (
    <Flex direction="column" gap={3} mb={4}>
      {refused.map((press) => {
        const textId = `refused-press-${press.id}`;
        return (
          <Box
            key={press.id}
            role="alert"
            borderWidth="1px"
            borderColor="red.300"
            bg="red.50"
            color="red.800"
            px={4}
            py={3}
            rounded="md"
          >
            <Text id={textId}>{refusalText(press)}</Text>
            <Button
              type="button"
              size="sm"
              variant="outline"
              mt={2}
              aria-describedby={textId}
              onClick={() => void dismissPress(press.id)}
            >
              Dismiss
            </Button>
          </Box>
        );
      })}
    </Flex>
  );
}
