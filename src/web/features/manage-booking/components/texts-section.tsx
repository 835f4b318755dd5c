import { Text } from '@chakra-ui/react';
import { LabelledCheckbox } from '../../../components/form/labelled-checkbox';
import type { ManagedBooking } from '../../../../contract/manage-booking';
import { AlertMessage } from '../../../components/status-panels';
import { failureMessage } from '../../../lib/failure-message';
import { useChooseTexts } from '../api/choose-texts';
import type { ManageAccess } from '../lib/access';
import { Section } from './booking-sections';

/**
 * Texts about the booking (issue 35): the passenger turns them on or off here, and is told
 * when their number cannot take texts (a landline, a number the provider refused).
 */
export function TextsSection({
  booking,
  access,
  offline,
}: {
  booking: ManagedBooking;
  access: ManageAccess;
  offline: boolean;
}) {
  const choose = useChooseTexts();
  const { wanted, problem } = booking.texts;
  return (
    <Section title="Text messages">
      {problem ? <AlertMessage>{problem}</AlertMessage> : null}
      <LabelledCheckbox
        checked={choose.isPending ? choose.variables.wanted : wanted}
        disabled={offline || choose.isPending}
        onChange={(checked) =>
          choose.mutate({ bookingNumber: booking.booking_number, access, wanted: checked })
        }
      >
        Text me about this booking
      </LabelledCheckbox>
      <Text color="gray.700" fontSize="sm">
        {wanted
          ? 'We text you when your booking is confirmed, when your driver is on the way and when they arrive.'
          : 'You get emails about this booking, not texts.'}
      </Text>
      {choose.isError ? (
        <AlertMessage>{failureMessage(choose.error, 'Your choice was not saved.')}</AlertMessage>
      ) : null}
    </Section>
  );
}
