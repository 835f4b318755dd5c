import { TextsSection } from './texts-section';
import { FlightSection } from './flight-section';
import { PushSection } from './push-section';
import { Box, Button, Flex, Text } from '@chakra-ui/react';
import type { Ref } from 'react';
import { legExtrasSections } from '../../../../contract/leg-extras-lines';
import type { ManagedBooking } from '../../../../contract/manage-booking';
import { BOOKING_STATUS_LABELS } from '../../../../domain/booking-lifecycle';
import { formatUkMoment } from '../../../lib/format-uk-moment';
import type { ManagedBookingView } from '../api/get-managed-booking';
import { useBookingActions, type AmendReturn } from '../hooks/use-booking-actions';
import { BookingNotices } from './booking-notices';
import {
  DriverDetails,
  ExtrasDetails,
  JourneyDetails,
  PassengerDetails,
  PriceDetails,
  Section,
  StatusTimeline,
} from './booking-sections';
import { isJobOver } from '../../../../domain/booking-jobs';
import { CancelDialog } from './cancel-dialog';
import { LiveDrivers } from './driver-panel';
import { JourneyLegs } from './journey-legs';
import { ChangeBooking } from './change-booking';

/** Download the receipt and cancel, where the booking allows them, and the free-cancellation window. */
function BookingButtons({
  booking,
  offline,
  downloading,
  onDownload,
  onCancel,
}: {
  booking: ManagedBooking;
  offline: boolean;
  downloading: boolean;
  onDownload: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <Flex gap={3} flexWrap="wrap" alignItems="center">
        {booking.receipt_available ? (
          <Button
            type="button"
            variant="outline"
            disabled={offline || downloading}
            onClick={onDownload}
          >
            {downloading ? 'Downloading…' : 'Download receipt (PDF)'}
          </Button>
        ) : null}
        {booking.cancellation ? (
          <Button
            type="button"
            colorPalette="red"
            variant="outline"
            aria-haspopup="dialog"
            disabled={offline}
            onClick={onCancel}
          >
            Cancel booking
          </Button>
        ) : booking.cancel_refusal ? (
          <Text color="gray.800">{booking.cancel_refusal}</Text>
        ) : null}
      </Flex>
      {booking.free_cancellation_until ? (
        <Text color="gray.800">
          Free cancellation until {formatUkMoment(booking.free_cancellation_until)} (UK time); after
          that a late-cancellation fee applies.
        </Text>
      ) : null}
    </>
  );
}

/** The journey, the passenger, each leg's extras and the price. */
function BookingDetails({ booking }: { booking: ManagedBooking }) {
  return (
    <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap={5}>
      <Section title="Journey">
        <JourneyDetails booking={booking} />
      </Section>
      <Section title="Passenger">
        <PassengerDetails booking={booking} />
      </Section>
      {legExtrasSections(booking.booking.legExtras).map(({ title, leg }) => (
        <Section key={title} title={title}>
          <ExtrasDetails leg={leg} />
        </Section>
      ))}
      <Section title="Price and payment">
        <PriceDetails booking={booking} />
      </Section>
    </Box>
  );
}

/** Whether only the return journey of a return booking can still be cancelled. */
function returnLeftOnly({ jobs }: ManagedBookingView['booking']): boolean {
  const [outward, back] = jobs;
  return (
    jobs.length === 2 &&
    outward !== undefined &&
    back !== undefined &&
    isJobOver(outward.status) &&
    !isJobOver(back.status)
  );
}

/** The status the booking stands at (focus comes here after a change), and how it got there. */
function StatusSection({
  booking,
  statusLineRef,
}: {
  booking: ManagedBooking;
  statusLineRef: Ref<HTMLDivElement>;
}) {
  return (
    <Section title="Status">
      <Flex
        ref={statusLineRef}
        tabIndex={-1}
        alignItems="baseline"
        gap={2}
        mb={3}
        fontSize="lg"
        color="gray.900"
      >
        <Text fontWeight="semibold">Status:</Text>
        <Text>{BOOKING_STATUS_LABELS[booking.status]}</Text>
      </Flex>
      <StatusTimeline history={booking.history} />
    </Section>
  );
}

/** The change form until when it may be used, or why the booking can no longer be changed. */
function ChangeSection({
  view,
  offline,
  onChanged,
}: {
  view: ManagedBookingView;
  offline: boolean;
  onChanged: (text: string) => void;
}) {
  const { booking } = view;
  return (
    <Section title="Change booking">
      {booking.change_refusal === null ? (
        <>
          <Text color="gray.800" mb={3}>
            You can change this booking until {formatUkMoment(booking.change_until)} (UK time).
          </Text>
          <ChangeBooking view={view} disabled={offline} onChanged={onChanged} />
        </>
      ) : (
        <Text color="gray.800">{booking.change_refusal}</Text>
      )}
    </Section>
  );
}

/** A loaded booking: its news, status, driver, details, and the ways to change or cancel it. */
export function BookingView({
  view,
  onRetry,
  retrying,
  ...amendReturn
}: AmendReturn & {
  view: ManagedBookingView;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { booking, access } = view;
  const {
    online,
    fromDevice,
    offline,
    done,
    notice,
    failure,
    cancelOpen,
    closeCancel,
    openCancel,
    cancelFinalFocus,
    afterChange,
    afterCancel,
    download,
    downloading,
    statusLineRef,
  } = useBookingActions(view, amendReturn);

  return (
    <Box display="grid" gap={5}>
      <BookingNotices
        asOf={booking.as_of}
        online={online}
        fromDevice={fromDevice}
        done={done}
        notice={notice}
        failure={failure}
        onRetry={onRetry}
        retrying={retrying}
      />

      <StatusSection booking={booking} statusLineRef={statusLineRef} />

      <LiveDrivers view={view} />

      <JourneyLegs booking={booking} />

      <FlightSection booking={booking} />

      {booking.driver ? (
        <Section title="Driver">
          <DriverDetails driver={booking.driver} />
        </Section>
      ) : null}

      <BookingButtons
        booking={booking}
        offline={offline}
        downloading={downloading}
        onDownload={() => void download()}
        onCancel={openCancel}
      />

      <BookingDetails booking={booking} />

      <TextsSection booking={booking} access={access} offline={offline} />
      <PushSection booking={booking} access={access} offline={offline} />

      <ChangeSection view={view} offline={offline} onChanged={afterChange} />

      {booking.cancellation ? (
        <CancelDialog
          open={cancelOpen}
          onClose={closeCancel}
          finalFocus={cancelFinalFocus}
          bookingNumber={booking.booking_number}
          access={access}
          terms={booking.cancellation}
          returnTerms={booking.return_cancellation}
          returnLeftOnly={returnLeftOnly(booking)}
          onCancelled={afterCancel}
        />
      ) : null}
    </Box>
  );
}
