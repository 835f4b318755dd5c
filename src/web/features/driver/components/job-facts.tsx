import { Box, Text } from '@chakra-ui/react';
import type { DriverJobSummary } from '../../../../contract/driver';
import { DRIVER_APP_MESSAGES } from '../../../../domain/driver-app-messages';

/** A list of label and value pairs, laid out as two columns on a phone. */
export function FactList({ facts }: { facts: readonly (readonly [string, string])[] }) {
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns="max-content 1fr"
      columnGap={3}
      rowGap={1}
      fontSize="md"
    >
      {facts.map(([label, value]) => (
        <Box key={label} display="contents">
          <Box as="dt" color="gray.700">
            {label}
          </Box>
          <Box as="dd" color="gray.900" m={0}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The flight or train; a tracked flight (issue 35) with what it is doing and the meet time it
 * set, which is when to be there ("Meet at 15:50").
 */
export function travelFacts(job: DriverJobSummary): [string, string][] {
  const { flight } = job;
  if (!flight) return job.travel_reference ? [['Flight or train', job.travel_reference]] : [];
  const facts: [string, string][] = [['Flight', `${flight.flight_number} · ${flight.label}`]];
  if (flight.meet_time && flight.state !== 'untracked') facts.push(['Meet at', flight.meet_time]);
  return facts;
}

/** From, To, passengers and cases, the flight or train, the vehicle: what every job shows. */
export function jobFacts(job: DriverJobSummary): [string, string][] {
  const facts: [string, string][] = [
    ['From', job.pick_up_address],
    ['To', job.drop_off_address || '—'],
    ['Passengers', DRIVER_APP_MESSAGES.passengersAndLuggage(job.passengers, job.luggage)],
  ];
  facts.push(...travelFacts(job));
  facts.push(['Vehicle', job.vehicle]);
  return facts;
}

const COLLECT_STYLE = {
  collect: { bg: 'orange.100', color: 'orange.900' },
  paid: { bg: 'green.100', color: 'green.900' },
  account: { bg: 'blue.100', color: 'blue.900' },
} as const;

/** What to collect ("Collect £42.00 in the car", "Paid", "On account"), as the server words it. */
export function CollectLine({ collect }: { collect: DriverJobSummary['collect'] }) {
  return (
    <Text
      fontWeight="bold"
      px={3}
      py={2}
      rounded="md"
      bg={COLLECT_STYLE[collect.kind].bg}
      color={COLLECT_STYLE[collect.kind].color}
    >
      {collect.text}
    </Text>
  );
}
