import { Box, Button, chakra, Dialog, Link, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CorporateBooking } from '../../../../contract/corporate';
import { BOOKING_STATUS_LABELS } from '../../../../domain/booking-lifecycle';
import { CORPORATE_MESSAGES } from '../../../../domain/messages';
import { DetailRows, DetailsSection, type DetailRow } from '../../../components/detail-rows';
import { CloseIcon } from '../../../components/icons';
import { manageBookingPath } from '../../../config/routes';
import { formatAmount, formatDay, paymentLabel, rideTypeLabel } from '../lib/format';

const yesNo = (on: boolean) => (on ? 'Yes' : 'No');

function Rows({ rows }: { rows: readonly DetailRow[] }) {
  return <DetailRows rows={rows} labelWidth="8.5rem" />;
}

type LegExtras = Omit<CorporateBooking['booking_details'], 'luggages' | 'vehicle_qty'>;

/** One leg's extras in the spec's words; a return trip's way back has its own (issue 30). */
function extrasRows(leg: LegExtras): DetailRow[] {
  return [
    { label: 'Meet and Greet', value: yesNo(leg.meet_and_greet === 'yes') },
    { label: 'Baby Seat', value: yesNo(leg.baby_seat > 0) },
    { label: 'Booster Seat', value: yesNo(leg.booster_seat > 0) },
    { label: 'Wheelchair', value: yesNo(leg.wheel_chair === 'yes') },
    { label: 'Special Luggages', value: yesNo(leg.special_luggages > 0) },
    { label: 'Waiting Minutes', value: String(leg.waiting_minutes) },
  ];
}

/** The journey's rows: the booking, when and where, the vehicle and the price. */
function journeyRows(booking: CorporateBooking): DetailRow[] {
  const details = booking.booking_details;
  const hasReturn = booking.return_date !== null;
  return [
    { label: 'Booking Number', value: booking.booking_number },
    { label: 'Status', value: BOOKING_STATUS_LABELS[booking.status] },
    { label: 'Pickup Address', value: booking.pick_up_address },
    { label: 'Destination', value: booking.drop_off_address },
    { label: 'Pickup Date', value: formatDay(booking.pick_up_date) },
    { label: 'Pickup Time', value: booking.pick_up_time },
    ...(hasReturn
      ? [
          { label: 'Return Date', value: formatDay(booking.return_date ?? '') },
          // The return's own time; the spec's original screen showed the pickup time here.
          { label: 'Return Time', value: booking.return_time ?? '' },
        ]
      : []),
    ...(booking.ride_type === 'H' && booking.hourly_duration !== null
      ? [
          {
            label: 'Hourly Duration',
            value: `${booking.hourly_duration} ${booking.hourly_duration === 1 ? 'hour' : 'hours'}`,
          },
        ]
      : []),
    { label: 'Vehicle', value: booking.fleet_category.category_name },
    { label: 'Payment Method', value: paymentLabel(booking.payment_method) },
    { label: 'Amount', value: formatAmount(booking.total_booking_amount, booking.currency) },
    { label: 'Ride Type', value: rideTypeLabel(booking.ride_type) },
    ...(booking.flight_no ? [{ label: 'Flight Number', value: booking.flight_no }] : []),
    ...(booking.return_flight_no
      ? [{ label: 'Return Flight Number', value: booking.return_flight_no }]
      : []),
    ...(details.luggages > 0 ? [{ label: 'Luggages', value: String(details.luggages) }] : []),
    ...(details.vehicle_qty > 0
      ? [{ label: 'Total Vehicles', value: String(details.vehicle_qty) }]
      : []),
  ];
}

function passengerRows(passenger: CorporateBooking['passenger_detail']): DetailRow[] {
  return [
    { label: 'Name', value: passenger.passenger_name },
    { label: 'Email', value: passenger.passenger_email },
    { label: 'Contact Number', value: passenger.passenger_contact_no },
    { label: 'Total Passengers', value: String(passenger.total_passengers) },
    { label: 'Additional Info', value: passenger.additional_info },
  ];
}

/** The booking's stops in order, each a list item named 'Stop n'. */
function StopsList({ stops }: { stops: CorporateBooking['booking_stops'] }) {
  return (
    <chakra.ol listStyleType="none" display="grid" gap={3}>
      {stops.map((stop, index) => (
        <li key={`${index}-${stop.stop_address}`} aria-label={`Stop ${index + 1}`}>
          <Rows
            rows={[
              { label: 'Address', value: stop.stop_address },
              { label: 'Post Code', value: stop.stop_post_code },
              { label: 'Street Number', value: stop.stop_street_number },
            ]}
          />
        </li>
      ))}
    </chakra.ol>
  );
}

/** Every block the spec lists for a booking (section 2), the optional ones only when present. */
export function BookingDetailsContent({ booking }: { booking: CorporateBooking }) {
  const back = booking.return_booking_details ?? null;
  return (
    <>
      <Rows rows={journeyRows(booking)} />
      <DetailsSection title="Passenger">
        <Rows rows={passengerRows(booking.passenger_detail)} />
      </DetailsSection>
      <DetailsSection title="Additional Details">
        <Rows rows={extrasRows(booking.booking_details)} />
      </DetailsSection>
      {back ? (
        <DetailsSection title="Return Additional Details">
          <Rows
            rows={[
              { label: 'Return Passengers', value: String(back.total_passengers) },
              { label: 'Return Luggages', value: String(back.luggages) },
              ...extrasRows(back),
            ]}
          />
        </DetailsSection>
      ) : null}
      {booking.booking_stops.length > 0 ? (
        <DetailsSection title="Stops">
          <StopsList stops={booking.booking_stops} />
        </DetailsSection>
      ) : null}
    </>
  );
}

/**
 * The 'Booking Details' modal. With no booking (e.g. one gone from a refreshed list) it says
 * so; `lastUpdated` is set when the details come from this device's offline copy.
 */
export function BookingDetailsModal({
  open,
  booking,
  lastUpdated,
  onClose,
}: {
  open: boolean;
  booking: CorporateBooking | null;
  lastUpdated: string | null;
  onClose: () => void;
}) {
  // The last booking shown stays while the dialog closes (the list clears its choice at once),
  // so the close animation never flashes 'No booking details available.'.
  const [kept, setKept] = useState(booking);
  if (open && booking !== kept) setKept(booking);
  const shown = open ? booking : kept;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header display="flex" alignItems="center" justifyContent="space-between">
              <Dialog.Title>Booking Details</Dialog.Title>
              <Dialog.CloseTrigger asChild position="static">
                <Button type="button" variant="ghost" size="sm">
                  <CloseIcon />
                  Close
                </Button>
              </Dialog.CloseTrigger>
            </Dialog.Header>
            <Dialog.Body pb={6}>
              {lastUpdated ? (
                <Text fontSize="sm" color="gray.700" mb={3}>
                  Last updated {lastUpdated}
                </Text>
              ) : null}
              {shown ? (
                <>
                  <Box mb={4}>
                    {/* The passenger's own page (issue 22): change, cancel, receipt. It reads
                        the booking with this sign-in's bearer token. */}
                    <Link asChild color="brand.fg" fontWeight="semibold">
                      <RouterLink to={manageBookingPath(shown.booking_number)}>
                        Manage booking
                      </RouterLink>
                    </Link>
                  </Box>
                  <BookingDetailsContent booking={shown} />
                </>
              ) : (
                <Text>{CORPORATE_MESSAGES.noBookingDetails}</Text>
              )}
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
