import type { AmendRequest } from '../../../contract/manage-booking';
import type { BookingForm, HourlyForm } from '../../../domain/booking-form';
import type { JobLeg } from '../../../domain/booking-jobs';
import { POLICY_MESSAGES } from '../../../domain/booking-policy';
import { LEG_FIELDS } from '../../../domain/leg-extras';
import { hour24To12 } from '../../../domain/time';
import { HttpError, RequestValidationError } from '../../errors';
import type { StoredBooking } from '../../repositories/bookings-repository';
import { parseForm } from '../bookings/booking-inputs';
import type { BookingPricing } from '../bookings/booking-pricing';
import { storedCount } from '../bookings/stored-form';

/**
 * A passenger's change to their booking, worked out against the stored booking: which fields
 * really change, and for the priced ones the server's new price under the public booking rules
 * (grace time, capacity, the spec's messages), for the same vehicle and operator.
 */

/** Fields saved as they are: no price depends on them. */
const UNPRICED = ['passenger_phone', 'flight_no', 'additional_info'] as const;
/** Fields the price depends on: the form is priced again (the outward leg's extras and its time). */
const PRICED = ['pick_up_date', 'pick_up_time', ...LEG_FIELDS] as const;
type Field = (typeof UNPRICED)[number] | (typeof PRICED)[number];

/** How each field is named to people, in mails and history. */
const FIELD_LABELS: Record<Field, string> = {
  passenger_phone: 'contact number',
  flight_no: 'flight / train / ferry number',
  additional_info: 'additional information',
  pick_up_date: 'pickup date',
  pick_up_time: 'pickup time',
  passengers: 'passengers',
  luggages: 'luggage',
  hand_luggages: 'hand luggage',
  special_luggage: 'special luggage',
  baby_seats: 'baby seats',
  booster_seats: 'booster seats',
  waiting_min: 'waiting time',
  meet_and_greet: 'meet and greet',
  wheel_chair: 'wheelchair',
};

/** The form's own field for each priced one, so a pricing error names the field the page sent. */
const FORM_FIELDS: Record<string, Field> = {
  pickup_date: 'pick_up_date',
  pickup_hour: 'pick_up_time',
  pickup_min: 'pick_up_time',
  passengers: 'passengers',
  luggages: 'luggages',
  hand_luggages: 'hand_luggages',
  special_luggage: 'special_luggage',
  baby_seats: 'baby_seats',
  booster_seats: 'booster_seats',
  waiting_min: 'waiting_min',
  meet_and_greet: 'meet_and_greet',
  wheel_chair: 'wheel_chair',
};

export type PricedForm = Awaited<ReturnType<BookingPricing['price']>>;

export interface PlannedChange {
  /** The leg the fields are about (issue 32). */
  leg: JobLeg;
  /** Only what differs from the booking. */
  fields: Partial<AmendRequest>;
  /** People's names for the changed fields, e.g. ['pickup time', 'luggage']. */
  summary: string[];
  /** The new price, when a priced field changed. */
  priced: PricedForm | null;
  /** The booking's form with the change, when the travel reference or a priced field changed. */
  form: BookingForm | HourlyForm | null;
  oldTotalPence: number;
  newTotalPence: number;
  /** The booking's version the change was worked out on: applied only to that version. */
  version: number;
  /** The pickup moves: the operator must confirm it again and calendars are updated. */
  timesMoved: boolean;
}

/** The booking's current value of each field of `leg`, as the amend request writes it. */
export function currentValues(
  stored: StoredBooking,
  leg: JobLeg = 'outward',
): Record<Field, string | number> {
  const { booking } = stored;
  const form = (booking.form ?? {}) as Record<string, unknown>;
  // The return leg's own fields are the form's return_… ones (domain/leg-extras.ts).
  const own = (name: string) => form[leg === 'return' ? `return_${name}` : name];
  const outward = leg === 'outward';
  return {
    passenger_phone: booking.passenger_phone,
    flight_no: outward ? booking.flight_no : booking.return_flight_no,
    additional_info: outward ? booking.additional_info : booking.return_additional_info,
    pick_up_date: outward ? booking.pick_up_date : (booking.return_date ?? ''),
    pick_up_time: outward ? booking.pick_up_time : (booking.return_time ?? ''),
    passengers: outward
      ? booking.total_passengers
      : storedCount(form.return_passengers) || booking.total_passengers,
    luggages: storedCount(own('luggages')),
    hand_luggages: storedCount(own('hand_luggages')),
    special_luggage: storedCount(own('special_luggage')),
    baby_seats: storedCount(own('baby_seats')),
    booster_seats: storedCount(own('booster_seats')),
    waiting_min: storedCount(own('waiting_min')),
    meet_and_greet: own('meet_and_greet') === 'yes' ? 'yes' : 'no',
    wheel_chair: own('wheel_chair') === 'yes' ? 'yes' : 'no',
  };
}

/** The stored form with the priced fields of `leg` changed, as the public site's form would send it. */
function changedForm(
  stored: StoredBooking,
  fields: Partial<AmendRequest>,
  leg: JobLeg,
): BookingForm | HourlyForm {
  const form = { ...(stored.booking.form as Record<string, unknown>) };
  const name = (field: string) => (leg === 'return' ? `return_${field}` : field);
  if (fields.pick_up_date !== undefined)
    form[leg === 'return' ? 'return_date' : 'pickup_date'] = fields.pick_up_date;
  if (fields.pick_up_time !== undefined) {
    const [hour = '0', minute = '00'] = fields.pick_up_time.split(':');
    form[leg === 'return' ? 'return_hour' : 'pickup_hour'] = hour24To12(Number(hour));
    form[leg === 'return' ? 'return_min' : 'pickup_min'] = minute;
  }
  for (const field of LEG_FIELDS) {
    if (fields[field] !== undefined) form[name(field)] = fields[field];
  }
  // The travel reference the passenger typed on the details step lives in the form too.
  if (fields.flight_no !== undefined) {
    form[leg === 'return' ? 'return_fight_number' : 'pickup_fight_number'] = fields.flight_no;
  }
  // A return leg travels with the outward passengers unless it said otherwise.
  if (
    leg === 'outward' &&
    fields.passengers !== undefined &&
    form.return_passengers === undefined
  ) {
    form.return_passengers = null;
  }
  return form as unknown as BookingForm | HourlyForm;
}

/** A pricing refusal names the form's field; the page sent it under the amend request's name. */
function renamed(error: unknown): unknown {
  if (!(error instanceof RequestValidationError)) return error;
  return new RequestValidationError(
    error.issues.map((issue) => {
      const field = issue.path.replace(/^(bookingForm|hourlyRateForm)\./, '');
      const own = field.replace(/^return_/, '').replace(/^(date|hour|min)$/, 'pickup_$1');
      return { ...issue, path: FORM_FIELDS[field] ?? FORM_FIELDS[own] ?? issue.path };
    }),
  );
}

/** Works out the change; throws 400 when nothing changes or a rule refuses it. */
export async function planChange(
  stored: StoredBooking,
  request: AmendRequest,
  pricing: BookingPricing,
): Promise<PlannedChange> {
  const leg: JobLeg = request.leg === 'return' ? 'return' : 'outward';
  if (leg === 'return' && stored.booking.journey_type !== 'return') {
    throw new RequestValidationError([{ path: 'leg', message: POLICY_MESSAGES.noReturnLeg }]);
  }
  const now = currentValues(stored, leg);
  const fields: Partial<AmendRequest> = {};
  const summary: string[] = [];
  for (const name of [...UNPRICED, ...PRICED]) {
    const value = request[name];
    if (value === undefined || value === now[name]) continue;
    (fields as Record<string, unknown>)[name] = value;
    summary.push(leg === 'return' ? `return ${FIELD_LABELS[name]}` : FIELD_LABELS[name]);
  }
  if (summary.length === 0) throw new HttpError(400, POLICY_MESSAGES.nothingChanged);

  const { booking } = stored;
  const oldTotalPence = booking.total_pence;
  const repriced = PRICED.some((name) => fields[name] !== undefined);
  let priced: PricedForm | null = null;
  const form = repriced || fields.flight_no !== undefined ? changedForm(stored, fields, leg) : null;
  if (repriced && form) {
    try {
      const sent = parseForm(
        booking.booking_type === 'hourly'
          ? {
              bookingType: 'hourly',
              hourlyRateForm: form,
              selected_passenger: 'guest_login',
              selectedVehicleData: {},
            }
          : {
              bookingType: 'milleage',
              bookingForm: form,
              selected_passenger: 'guest_login',
              selectedVehicleData: {},
            },
      );
      priced = await pricing.price(sent, {
        vehicleId: booking.category_id,
        companyId: booking.company_id,
        vehicleCount: booking.vehicle_count,
        quoteId: undefined,
      });
    } catch (error) {
      throw renamed(error);
    }
  }
  return {
    leg,
    fields,
    summary,
    priced,
    form: priced ? priced.form : form,
    oldTotalPence,
    newTotalPence: priced ? priced.totalPence : oldTotalPence,
    version: booking.version,
    timesMoved: fields.pick_up_date !== undefined || fields.pick_up_time !== undefined,
  };
}
