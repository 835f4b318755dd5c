import { Text } from '@chakra-ui/react';
import type { ManagedBooking } from '../../../../contract/manage-booking';
import { DetailRows } from '../../../components/detail-rows';
import { AlertMessage } from '../../../components/status-panels';
import { flightRows } from '../../../lib/flight-rows';
import { Section } from './booking-sections';

/**
 * The passenger's flight (issue 35): what it is doing, and when the driver meets them, which
 * follows the flight. A flight that does not land there that day is a warning to check it.
 */
export function FlightSection({ booking }: { booking: ManagedBooking }) {
  if (booking.flights.length === 0) return null;
  const legs = booking.jobs.length;
  return (
    <Section title={booking.flights.length > 1 ? 'Your flights' : 'Your flight'}>
      {booking.flights.map((flight) => (
        <div key={flight.leg}>
          {flight.warning && flight.state === 'untracked' ? (
            <Text mb={2} color="gray.800">
              {flight.warning}
            </Text>
          ) : null}
          {flight.warning && flight.state !== 'untracked' ? (
            <AlertMessage>{flight.warning}</AlertMessage>
          ) : null}
          <DetailRows rows={flightRows(flight, legs)} labelWidth="10rem" />
          {flight.meet_time && flight.state !== 'untracked' && flight.state !== 'not_found' ? (
            <Text mt={2} color="gray.800">
              We follow your flight: your driver will meet you at {flight.meet_time}.
            </Text>
          ) : null}
        </div>
      ))}
    </Section>
  );
}
