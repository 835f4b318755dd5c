import { Box, Heading, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { DriverOnMap } from '../../../../../contract/live';
import { BOOKING_STATUS_LABELS } from '../../../../../domain/booking-lifecycle';
import { isStalePosition } from '../../../../../domain/live-texts';
import { useSettings } from '../../../../api/get-settings';
import { LoadingBlock } from '../../../../components/loading-block';
import { PointsMap } from '../../../../components/points-map';
import type { MapPoint } from '../../../../components/points-map-props';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useNow } from '../../../../lib/use-now';
import { CONSOLE_TITLE } from '../../components/console-title';
import { ErrorPanel } from '../../../../components/status-panels';
import { useOperator } from '../../components/operator-layout';
import { useDriverPositions } from '../api/get-driver-positions';
import { MapDriversTable } from './map-drivers-table';

export const MAP_HEADING = 'Drivers on the map';

/** "JO" for James Okafor: what the point on the map says. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** Each driver whose phone has sent a position, grey once it is no longer live. */
function pointsOf(drivers: readonly DriverOnMap[], now: number): MapPoint[] {
  return drivers.flatMap((driver) => {
    const position = driver.position;
    if (!position) return [];
    return [
      {
        id: String(driver.driver_id),
        lat: position.lat,
        lng: position.lng,
        label: driver.name,
        short: initials(driver.name),
        kind: isStalePosition(position.at, now) ? 'stale' : 'car',
      },
    ];
  });
}

/** The sketch in words: who is drawn, and on what job. The table below has the rest. */
function describe(drivers: readonly DriverOnMap[]): string {
  const placed = drivers.filter((driver) => driver.position !== null);
  const names = placed.map((driver) =>
    driver.job
      ? `${driver.name}, job ${driver.job.job_ref} ${BOOKING_STATUS_LABELS[driver.job.status]}`
      : `${driver.name}, no job`,
  );
  return `Sketch of where the drivers are, not a road map: ${names.join('; ')}`;
}

/**
 * /operator/map (issue 34): the drivers on duty or on a job under way, on the map (Google's
 * with a key, else the sketch of Great Britain) and in a table with their job and when their
 * phone was last heard from. Live by the console's event stream; polled every 15 s without it.
 */
export function DriversMapPage() {
  useDocumentTitle(`${MAP_HEADING} — ${CONSOLE_TITLE}`);
  const operator = useOperator();
  const { settings } = useSettings();
  const headingId = useId();
  const { query, live } = useDriverPositions();
  // Positions go stale by the clock alone: a driver whose phone fell silent turns grey.
  const now = useNow(5_000);
  const drivers = query.data ?? [];

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h1" id={headingId} size="2xl" color="gray.900" mb={2}>
        {MAP_HEADING}
      </Heading>
      <Text color="gray.800" mb={4}>
        Drivers on duty, and any driver on a job under way, where their phone last placed them.
        Grey: not heard from for over 30 seconds.
      </Text>
      {query.isPending ? (
        <LoadingBlock label="Loading the drivers…" />
      ) : query.isError && !query.data ? (
        <ErrorPanel
          message={`We could not load the drivers. ${query.error.message}`}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Box display="grid" gap={5}>
          <PointsMap
            apiKey={settings.GOOGLE_API_KEY}
            points={pointsOf(drivers, now)}
            label="Map of the drivers"
            description={describe(drivers)}
            height={420}
            namePoints
          />
          <MapDriversTable drivers={drivers} now={now} showCompany={operator.role === 'admin'} />
        </Box>
      )}
      <Text mt={2} fontSize="xs" color="gray.700">
        {live ? 'The map updates as drivers move.' : 'The map refreshes itself every 15 seconds.'}
      </Text>
    </Box>
  );
}
