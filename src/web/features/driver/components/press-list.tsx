import { UK_TIME_ZONE } from '../../../../domain/time';
import { Box, Heading, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { DRIVER_APP_MESSAGES, DRIVER_STEP_LABELS } from '../../../../domain/driver-app-messages';
import { useOnline } from '../../../lib/use-online';
import type { PressRecord } from '../offline/driver-db';

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: UK_TIME_ZONE,
});

function stateText(press: PressRecord, online: boolean): string {
  switch (press.state) {
    case 'sent':
      return DRIVER_APP_MESSAGES.pressSent;
    case 'refused':
      return DRIVER_APP_MESSAGES.pressRefused;
    case 'waiting':
      // First try under way with signal: a moment, not a wait for signal.
      return online && press.attempts === 0
        ? DRIVER_APP_MESSAGES.pressSending
        : DRIVER_APP_MESSAGES.pressWaiting;
  }
}

/**
 * The job's presses on this phone, each with its own time and where it is: sending, waiting
 * for signal, sent, or not recorded. Announced as they change.
 */
export function PressList({ presses }: { presses: readonly PressRecord[] }) {
  const headingId = useId();
  const online = useOnline();
  if (presses.length === 0) return null;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="md" color="gray.900" mb={2}>
        Your presses
      </Heading>
      <Box as="ul" listStyleType="none" p={0} m={0} aria-live="polite">
        {presses.map((press) => (
          <Box as="li" key={press.id} py={1} borderBottomWidth="1px" borderColor="gray.200">
            <Text>
              <Text as="span" fontWeight="semibold">
                {DRIVER_STEP_LABELS[press.body.status]}
              </Text>{' '}
              at {clock.format(new Date(press.body.at))} —{' '}
              <Text
                as="span"
                color={
                  press.state === 'sent'
                    ? 'green.800'
                    : press.state === 'refused'
                      ? 'red.800'
                      : 'orange.800'
                }
              >
                {stateText(press, online)}
              </Text>
            </Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
