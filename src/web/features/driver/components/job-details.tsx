import { Box, Heading, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { DriverJob } from '../../../../contract/driver';
import { DRIVER_APP_MESSAGES } from '../../../../domain/driver-app-messages';
import { FactList, travelFacts } from './job-facts';

const POINT_LABELS = { pickup: 'Pickup', stop: 'Stop', dropoff: 'Drop-off' } as const;

/** Each point's name: Pickup, Stop 1, Stop 2, …, Drop-off. */
function pointLabels(points: DriverJob['points']): string[] {
  let stops = 0;
  return points.map((point) => {
    if (point.kind !== 'stop') return POINT_LABELS[point.kind];
    stops += 1;
    return `${POINT_LABELS.stop} ${stops}`;
  });
}

/** The job's way in order: pickup, each stop (numbered), drop-off. */
export function RoutePoints({ points }: { points: DriverJob['points'] }) {
  const headingId = useId();
  const labels = pointLabels(points);
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="md" color="gray.900" mb={2}>
        Route
      </Heading>
      <Box as="ol" listStyleType="none" p={0} m={0}>
        {points.map((point, index) => (
          <Box as="li" key={index} py={1}>
            <Text as="span" color="gray.700">
              {labels[index]}:
            </Text>{' '}
            <Text as="span" fontWeight="semibold">
              {point.address}
            </Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The passenger, their party, the flight or train, the vehicle, the extras and the notes. */
export function JobFactsFull({ job }: { job: DriverJob }) {
  const facts: [string, string][] = [
    ['Passenger', job.passenger_first_name],
    ['Passengers', DRIVER_APP_MESSAGES.passengersAndLuggage(job.passengers, job.luggage)],
  ];
  facts.push(...travelFacts(job));
  facts.push(['Vehicle', job.vehicle]);
  facts.push(['Extras', job.extras.length > 0 ? job.extras.join(', ') : 'None']);
  if (job.notes) facts.push(['Notes', job.notes]);
  return <FactList facts={facts} />;
}
