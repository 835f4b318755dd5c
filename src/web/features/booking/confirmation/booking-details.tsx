import { Box, chakra, Heading } from '@chakra-ui/react';
import { useId } from 'react';
import type { BookingData } from '../../../../contract/bookings';
import { DetailRows, DetailsSection, type DetailRow } from '../../../components/detail-rows';
import {
  outwardRows,
  passengerRows,
  paymentRows,
  returnRows,
  rideRows,
  stopRows,
  summaryRows,
} from './booking-details-rows';

function Rows({ rows }: { rows: readonly DetailRow[] }) {
  return <DetailRows rows={rows} labelWidth="9rem" />;
}

/** The spec's Booking Details on the success page, from the server's booking response. */
export function BookingDetails({
  data,
  currency,
  roundOff,
}: {
  data: BookingData;
  currency: string;
  roundOff: boolean;
}) {
  const headingId = useId();
  const { booking, bookingStops, passengerDetails } = data;
  const hasReturn = booking.return_date !== null || booking.return_pickup_address !== null;

  return (
    <Box as="section" aria-labelledby={headingId} layerStyle="card" p={{ base: 4, md: 6 }}>
      <Heading as="h2" id={headingId} size="lg" mb={3} color="gray.900">
        Booking Details
      </Heading>
      <Rows rows={summaryRows(booking)} />
      <DetailsSection title="Outward Journey">
        <Rows rows={outwardRows(booking)} />
      </DetailsSection>
      {hasReturn ? (
        <DetailsSection title="Return Journey">
          <Rows rows={returnRows(booking)} />
        </DetailsSection>
      ) : null}
      <DetailsSection title="Your Ride">
        <Rows rows={rideRows(booking)} />
      </DetailsSection>
      <Box mt={5}>
        <Rows rows={paymentRows(booking, currency, roundOff)} />
      </Box>
      {bookingStops.length > 0 ? (
        <DetailsSection title="Stops during travel">
          <chakra.ol listStyleType="none" display="grid" gap={3}>
            {bookingStops.map((stop, index) => (
              <li key={stop.id} aria-label={`Stop ${index + 1}`}>
                <Rows rows={stopRows(stop)} />
              </li>
            ))}
          </chakra.ol>
        </DetailsSection>
      ) : null}
      <DetailsSection title="Passenger Details">
        <Rows rows={passengerRows(passengerDetails)} />
      </DetailsSection>
    </Box>
  );
}
