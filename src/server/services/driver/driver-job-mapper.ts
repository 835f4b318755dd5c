import { waitFrom } from '../../../domain/flights';
import { DRIVER_STEPS, type DriverJob, type DriverJobSummary } from '../../../contract/driver';
import { legExtrasLines } from '../../../contract/leg-extras-lines';
import { jobRef } from '../../../domain/booking-jobs';
import { nextStatuses } from '../../../domain/booking-lifecycle';
import type { DriverAppSettings } from '../../../domain/driver-app-settings';
import { collectFor, noShowFrom } from '../../../domain/driver-jobs';
import { CALL_LABELS } from '../../../domain/driver-messages';
import { currencySignOf } from '../../../domain/money';
import { bookedStopLine } from '../../../domain/stops';
import { firstName } from '../../../domain/vehicle-label';
import type { DriverJobDetailRow, DriverJobRow } from '../../repositories/driver-jobs-repository';
import { storedLegExtras } from '../bookings/stored-form';
import { flightBrief } from '../flights/flight-answers';
import type { PricedJourney } from '../pricing/priced-journey';

const DRIVER_STEP_SET: ReadonlySet<string> = new Set(DRIVER_STEPS);

/** The leg's passengers and extras as stored with the booking. */
function legExtrasOf(row: DriverJobRow) {
  const legs = storedLegExtras(row.form, row.journey_type, row.total_passengers);
  return (row.leg === 'return' ? legs.return : null) ?? legs.outward;
}

/** A job as the driver's list shows it; `driverId` tells an assignment from an offer. */
export function toDriverJobSummary(row: DriverJobRow, driverId: number): DriverJobSummary {
  const extras = legExtrasOf(row);
  const offered = row.driver_id !== driverId && row.offer_expires_at !== null;
  return {
    job_ref: jobRef(row.booking_number, row.leg),
    leg: row.leg,
    status: row.status,
    pickup_at: new Date(row.pickup_at).toISOString(),
    pick_up_date: row.pick_up_date,
    pick_up_time: row.pick_up_time,
    pick_up_address: row.pick_up_address,
    drop_off_address: row.drop_off_address,
    passengers: extras.passengers,
    luggage: extras.luggages,
    travel_reference: row.travel_reference.trim(),
    vehicle: [row.category_name, row.registration].filter(Boolean).join(', '),
    collect: collectFor({
      payment_method: row.payment_method,
      total_pence: row.total_pence,
      paid_pence: row.paid_pence,
      leg: row.leg,
      legCount: row.journey_type === 'return' ? 2 : 1,
      status: row.status,
      currencySign: currencySignOf(row.currency),
    }),
    offer_expires_at: offered ? new Date(row.offer_expires_at!).toISOString() : null,
    flight: flightBrief(row),
  };
}

/** The leg's points in order, each where the booking's pricing placed it, when it did. */
function pointsOf(row: DriverJobDetailRow): DriverJob['points'] {
  const priced = (row.priced_journey as PricedJourney | null)?.points ?? [];
  const at = (field: string) => {
    const point = priced.find((each) => each.field === field);
    if (point) return { lat: point.lat, lng: point.lng };
    if (field === 'pickup' && row.pickup_lat !== null && row.pickup_lng !== null) {
      return { lat: row.pickup_lat, lng: row.pickup_lng };
    }
    return { lat: null, lng: null };
  };
  const prefix = row.leg === 'return' ? 'return_' : '';
  const points: DriverJob['points'] = [
    { kind: 'pickup', address: row.pick_up_address, ...at(`${prefix}pickup`) },
    ...row.stops.map((stop, index) => ({
      kind: 'stop' as const,
      address: bookedStopLine(stop),
      ...at(`stops.${index}`),
    })),
    { kind: 'dropoff', address: row.drop_off_address, ...at(`${prefix}dropoff`) },
  ];
  // An hourly hire may have no drop-off.
  return points.filter((point) => point.address.trim() !== '');
}

/**
 * The extras asked for, in the words every other page uses ("Baby seats: 1", "Meet & Greet");
 * the passengers and the suitcases are the job's own fields.
 */
function extrasInWords(row: DriverJobRow): string[] {
  const { passengers: _shown, luggages: _alsoShown, ...extras } = legExtrasOf(row);
  return legExtrasLines({ ...extras, luggages: 0 }, { askedOnly: true }).map((line) =>
    line.value === 'Yes' ? line.label : `${line.label}: ${line.value}`,
  );
}

/** Everything the job's page shows the driver, as things stand `now`. */
export function toDriverJob(
  row: DriverJobDetailRow,
  context: { driverId: number; settings: DriverAppSettings; sitePhone: string; now: Date },
): DriverJob {
  const summary = toDriverJobSummary(row, context.driverId);
  const passengerFirstName = firstName(row.passenger_name);
  const officePhone = row.company_phone.trim() || context.sitePhone;
  const passengerPhone = context.settings.showPassengerPhone ? row.passenger_phone.trim() : '';
  const noShow = noShowFrom({
    status: row.status,
    arrivedAt: row.arrivedAt,
    waitMinutes: context.settings.noShowWaitMinutes,
    pickupAt: waitFrom(
      new Date(row.pickup_at),
      row.flight_meet_at ? new Date(row.flight_meet_at) : null,
    ),
  });
  const assigned = row.driver_id === context.driverId;
  const steps = assigned
    ? nextStatuses(row.status).filter(
        (status) =>
          DRIVER_STEP_SET.has(status) &&
          (status !== 'no_show' || (noShow !== null && noShow <= context.now)),
      )
    : [];
  return {
    ...summary,
    points: pointsOf(row),
    extras: extrasInWords(row),
    notes: row.notes.trim(),
    passenger_first_name: passengerFirstName,
    call_number: passengerPhone || officePhone,
    call_label: passengerPhone ? CALL_LABELS.passenger(passengerFirstName) : CALL_LABELS.office,
    next_statuses: steps,
    no_show_from: noShow?.toISOString() ?? null,
  };
}
