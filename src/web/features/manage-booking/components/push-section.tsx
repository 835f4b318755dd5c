import { Box, Button, Text } from '@chakra-ui/react';
import type { ManagedBooking } from '../../../../contract/manage-booking';
import { PASSENGER_PUSH_TEXTS } from '../../../../domain/passenger-push';
import { AlertMessage } from '../../../components/status-panels';
import { useBookingPush } from '../hooks/use-booking-push';
import type { ManageAccess } from '../lib/access';
import { Section } from './booking-sections';

/**
 * Notifications on this phone (issue 35), beside the texts: Notify me on this phone, and once
 * on, a line saying so with Turn off. Nothing where the browser cannot take Push; on an
 * iPhone's browser, how to get them (from the Home Screen) instead of a button that cannot work.
 */
export function PushSection({
  booking,
  access,
  offline,
}: {
  booking: ManagedBooking;
  access: ManageAccess;
  offline: boolean;
}) {
  const push = useBookingPush(booking, access);
  if (push.offer === 'hidden') return null;
  const texts = PASSENGER_PUSH_TEXTS;
  return (
    <Section title={texts.section}>
      {push.offer === 'home-screen' ? (
        <Text color="gray.900">{texts.homeScreenOnly}</Text>
      ) : (
        <Box display="grid" gap={3}>
          <Text color={push.on ? 'gray.900' : 'gray.700'} fontSize="sm" role="status">
            {push.on ? texts.on : texts.offLine}
          </Text>
          <Box>
            <Button
              type="button"
              variant="outline"
              loading={push.working}
              disabled={offline}
              onClick={() => void (push.on ? push.turnOff() : push.turnOn())}
            >
              {push.on ? texts.turnOff : texts.turnOn}
            </Button>
          </Box>
          {push.problem ? <AlertMessage>{push.problem}</AlertMessage> : null}
        </Box>
      )}
    </Section>
  );
}
