import { isJobOver, type JobLeg } from '../../../../domain/booking-jobs';
import * as z from 'zod/mini';
import type { AmendRequest, ManagedBooking } from '../../../../contract/manage-booking';
import { phoneMessages, phoneSchema } from '../../../../contract/phone';
import { LIMITS } from '../../../../domain/booking-limits';
import { isExtraOffered, type SettingsMap } from '../../../../domain/settings';
import { formatDay } from '../../../lib/format-day';
import { textRule } from '../../../lib/form-rules';

/**
 * The Change booking form (issue 22): what it holds, its rules in the page's words, and the
 * request it makes, which carries only the fields the passenger changed.
 */

const YES_NO = ['yes', 'no'] as const;

/** Every field, named as the request names it, so a 400's `errors[].path` finds its field. */
export type ChangeValues = {
  passenger_phone: string;
  flight_no: string;
  additional_info: string;
  pick_up_date: string;
  pick_up_time: string;
  passengers: string;
  luggages: string;
  hand_luggages: string;
  special_luggage: string;
  baby_seats: string;
  booster_seats: string;
  waiting_min: string;
  meet_and_greet: 'yes' | 'no';
  wheel_chair: 'yes' | 'no';
};
export type ChangeField = keyof ChangeValues;

/** The visible labels; a server message starting with the wire name is shown with the label. */
export const CHANGE_LABELS: Record<ChangeField, string> = {
  passenger_phone: 'Contact number',
  flight_no: 'Flight / train / ferry number',
  additional_info: 'Additional information',
  pick_up_date: 'Pickup date',
  pick_up_time: 'Pickup time',
  passengers: 'Passengers',
  luggages: 'Luggage',
  hand_luggages: 'Hand luggage',
  special_luggage: 'Special luggage',
  baby_seats: 'Baby seats',
  booster_seats: 'Booster seats',
  waiting_min: 'Waiting time (minutes)',
  meet_and_greet: 'Meet and greet',
  wheel_chair: 'Wheelchair',
};

/** The page's order, which is also where focus goes first on errors. */
export const CHANGE_ORDER: readonly ChangeField[] = [
  'passenger_phone',
  'flight_no',
  'additional_info',
  'pick_up_date',
  'pick_up_time',
  'passengers',
  'luggages',
  'hand_luggages',
  'meet_and_greet',
  'baby_seats',
  'booster_seats',
  'waiting_min',
  'special_luggage',
  'wheel_chair',
];

/** Saved as typed, without pricing again. */
export const UNPRICED_FIELDS = ['passenger_phone', 'flight_no', 'additional_info'] as const;

/** The counts, with the request schema's bounds (contract/manage-booking.ts). */
const COUNT_BOUNDS = {
  passengers: [1, LIMITS.passengersMax],
  luggages: [0, LIMITS.luggageMax],
  hand_luggages: [0, LIMITS.luggageMax],
  special_luggage: [0, LIMITS.extrasSeatMax],
  baby_seats: [0, LIMITS.extrasSeatMax],
  booster_seats: [0, LIMITS.extrasSeatMax],
  waiting_min: [0, LIMITS.waitingMinutesMax],
} as const satisfies Partial<Record<ChangeField, readonly [number, number]>>;
export type CountField = keyof typeof COUNT_BOUNDS;

export function countBounds(field: CountField): readonly [number, number] {
  return COUNT_BOUNDS[field];
}

function countRule(field: CountField) {
  const [min, max] = COUNT_BOUNDS[field];
  return textRule((text) =>
    /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max
      ? undefined
      : `${CHANGE_LABELS[field]} must be a whole number from ${min} to ${max}`,
  );
}

const maxLength = (field: ChangeField, max: number) =>
  textRule((text) =>
    text.trim().length > max
      ? `Keep the ${CHANGE_LABELS[field].toLowerCase()} to ${max} characters`
      : undefined,
  );

export const changeSchema = z.object({
  passenger_phone: phoneSchema({
    ...phoneMessages(CHANGE_LABELS.passenger_phone),
    required: 'Enter a contact number',
  }),
  flight_no: maxLength('flight_no', 40),
  additional_info: maxLength('additional_info', 500),
  pick_up_date: textRule((text) =>
    /^\d{4}-\d{2}-\d{2}$/.test(text) ? undefined : 'Enter the pickup date',
  ),
  pick_up_time: textRule((text) =>
    /^([01]\d|2[0-3]):[0-5]\d$/.test(text) ? undefined : 'Enter the pickup time, like 14:30',
  ),
  passengers: countRule('passengers'),
  luggages: countRule('luggages'),
  hand_luggages: countRule('hand_luggages'),
  special_luggage: countRule('special_luggage'),
  baby_seats: countRule('baby_seats'),
  booster_seats: countRule('booster_seats'),
  waiting_min: countRule('waiting_min'),
  meet_and_greet: z.enum(YES_NO),
  wheel_chair: z.enum(YES_NO),
});

/** The form as the booking stands: the outward leg's, or the return leg's own (issue 32). */
export function changeValuesOf(managed: ManagedBooking, leg: JobLeg = 'outward'): ChangeValues {
  const { booking, passengerDetails, legExtras } = managed.booking;
  const back = leg === 'return' ? legExtras.return : null;
  // The outward leg's extras are `details`; the return's are its own legExtras.
  const details = back ?? managed.details;
  return {
    passenger_phone: passengerDetails.passenger_contact_no,
    flight_no: back ? booking.return_flight_no : booking.flight_no,
    additional_info: back
      ? passengerDetails.return_additional_info
      : passengerDetails.additional_info,
    pick_up_date: back ? (booking.return_date ?? '') : booking.pick_up_date,
    pick_up_time: back ? (booking.return_time ?? '') : booking.pick_up_time,
    passengers: String(back ? back.passengers : passengerDetails.total_passengers),
    luggages: String(details.luggages),
    hand_luggages: String(details.hand_luggages),
    special_luggage: String(details.special_luggages),
    baby_seats: String(details.baby_seat),
    booster_seats: String(details.booster_seat),
    waiting_min: String(details.waiting_minutes),
    meet_and_greet: details.meet_and_greet,
    wheel_chair: details.wheel_chair,
  };
}

/** Whether the return leg can be changed on its own: a return whose return job is not over. */
export function returnLegChangeable(managed: ManagedBooking): boolean {
  const back = managed.jobs.find((job) => job.leg === 'return');
  return managed.booking.legExtras.return !== null && back !== undefined && !isJobOver(back.status);
}

/** The extras offered with a price this booking can change. */
export type ExtraField =
  | 'meet_and_greet'
  | 'baby_seats'
  | 'booster_seats'
  | 'waiting_min'
  | 'special_luggage'
  | 'wheel_chair';
export const EXTRA_FIELDS: readonly ExtraField[] = [
  'meet_and_greet',
  'baby_seats',
  'booster_seats',
  'waiting_min',
  'special_luggage',
  'wheel_chair',
];

/** An extra shows when the site offers it, or when the booking already has it. */
export function extraShown(
  field: ExtraField,
  initial: ChangeValues,
  settings: SettingsMap,
): boolean {
  const value = initial[field];
  const has = value === 'yes' || (value !== 'no' && Number(value) > 0);
  return has || isExtraOffered(settings, field);
}

/** The request for what differs from `initial`: only the changed fields, typed as the wire wants. */
export function changedFields(initial: ChangeValues, values: ChangeValues): AmendRequest {
  const request: AmendRequest = {};
  for (const field of CHANGE_ORDER) {
    const before = initial[field].trim();
    const after = values[field].trim();
    if (before === after) continue;
    if (field in COUNT_BOUNDS) {
      const count = Number(after);
      if (count === Number(before)) continue;
      Object.assign(request, { [field]: count });
    } else {
      Object.assign(request, { [field]: after });
    }
  }
  return request;
}

/** What a reviewed change does, field by field: "Pickup date: 1 Dec 2026 → 2 Dec 2026". */
export function changeRows(
  initial: ChangeValues,
  request: AmendRequest,
): { label: string; value: string }[] {
  const shown = (field: ChangeField, value: string) => {
    if (field === 'meet_and_greet' || field === 'wheel_chair')
      return value === 'yes' ? 'Yes' : 'No';
    if (field === 'pick_up_date') return formatDay(value);
    return value.trim() === '' ? 'none' : value;
  };
  return CHANGE_ORDER.filter((field) => request[field] !== undefined).map((field) => ({
    label: CHANGE_LABELS[field],
    value: `${shown(field, initial[field])} → ${shown(field, String(request[field]))}`,
  }));
}
