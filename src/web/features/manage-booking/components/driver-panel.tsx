import { Box, Text } from '@chakra-ui/react';
import type { PassengerDriver } from '../../../../contract/live';
import type { ManagedJob } from '../../../../contract/manage-booking';
import { JOB_LEG_LABELS } from '../../../../domain/booking-jobs';
import { passengerSeesPosition } from '../../../../domain/live-tracking';
import { isStalePosition, LIVE_TEXTS } from '../../../../domain/live-texts';
import { useSettings } from '../../../api/get-settings';
import { DetailRows } from '../../../components/detail-rows';
import { PointsMap } from '../../../components/points-map';
import type { MapPoint } from '../../../components/points-map-props';
import { formatUkClock } from '../../../lib/format-uk-moment';
import { useNow } from '../../../lib/use-now';
import type { ManagedBookingView } from '../api/get-managed-booking';
import { usePassengerDriver } from '../api/get-passenger-driver';
import { useBookingLive } from '../hooks/use-booking-live';
import type { ManageAccess } from '../lib/access';
import { Section } from './booking-sections';

/** How often the panel looks at the clock, to say "Last seen" once no position comes. */
const CLOCK_MS = 5_000;

/** The sentence of the live region: how far, and since when unseen. */
function etaSentence(driver: PassengerDriver, stale: boolean): string {
  const parts: string[] = [];
  if (driver.status === 'arrived') parts.push(LIVE_TEXTS.arrived);
  else if (driver.eta_minutes !== null && driver.position)
    parts.push(LIVE_TEXTS.eta(driver.eta_minutes));
  else parts.push(LIVE_TEXTS.onTheWay);
  if (driver.position && stale) parts.push(LIVE_TEXTS.lastSeen(formatUkClock(driver.position.at)));
  return parts.map((part) => `${part}.`).join(' ');
}

function CarMap({ driver, stale }: { driver: PassengerDriver; stale: boolean }) {
  const { settings } = useSettings();
  const position = driver.position;
  if (!position) {
    return <Text color="gray.800">{LIVE_TEXTS.noPositionYet}</Text>;
  }
  const who = driver.driver_first_name ?? 'your driver';
  const car: MapPoint = {
    id: 'car',
    lat: position.lat,
    lng: position.lng,
    label: LIVE_TEXTS.carMarker,
    short: 'Car',
    kind: stale ? 'stale' : 'car',
  };
  return (
    <PointsMap
      apiKey={settings.GOOGLE_API_KEY}
      points={[car]}
      label={LIVE_TEXTS.carMapLabel(who)}
      description={`Sketch of where ${who}’s car is, not a road map`}
    />
  );
}

/** One journey's driver on the way: who, in what, how far, and where on the map. */
function DriverPanel({
  bookingNumber,
  job,
  access,
  live,
  title,
}: {
  bookingNumber: string;
  job: ManagedJob;
  access: ManageAccess;
  live: boolean;
  title: string;
}) {
  const query = usePassengerDriver(bookingNumber, job.leg, access, live);
  const now = useNow(CLOCK_MS);
  const driver = query.data;
  // The server hides the car before On the way and from Passenger on board on; so does the page.
  if (!driver || !passengerSeesPosition(driver.status)) return null;
  const stale = driver.position !== null && isStalePosition(driver.position.at, now);
  return (
    <Section title={title}>
      <Box display="grid" gap={4}>
        <Text
          role="status"
          aria-live="polite"
          aria-atomic="true"
          fontSize="xl"
          fontWeight="semibold"
          color="gray.900"
        >
          {etaSentence(driver, stale)}
        </Text>
        <DetailRows
          labelWidth="8rem"
          rows={[
            { label: 'Driver', value: driver.driver_first_name ?? '' },
            { label: 'Vehicle', value: driver.vehicle ?? '' },
            { label: 'Registration', value: driver.registration ?? '' },
          ]}
        />
        <CarMap driver={driver} stale={stale} />
        {live ? null : (
          <Text fontSize="xs" color="gray.700">
            {LIVE_TEXTS.pollingNote}
          </Text>
        )}
      </Box>
    </Section>
  );
}

/**
 * "Your driver" (issue 34): for each journey On the way or Arrived, the driver, the car, how far
 * it is and where, kept live by the booking's event stream (polling when it cannot be opened).
 * Nothing before On the way, nothing from Passenger on board on.
 */
export function LiveDrivers({ view }: { view: ManagedBookingView }) {
  const live = useBookingLive(view);
  const { booking, access } = view;
  const shown = booking.jobs.filter((job) => passengerSeesPosition(job.status));
  if (view.source !== 'server') return null;
  return (
    <>
      {shown.map((job) => (
        <DriverPanel
          key={job.job_ref}
          bookingNumber={booking.booking_number}
          job={job}
          access={access}
          live={live}
          title={
            booking.jobs.length > 1
              ? `${LIVE_TEXTS.panelTitle} — ${JOB_LEG_LABELS[job.leg]} journey`
              : LIVE_TEXTS.panelTitle
          }
        />
      ))}
    </>
  );
}
