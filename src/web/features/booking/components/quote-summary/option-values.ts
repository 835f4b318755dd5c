import type { BookingFormDraft, HourlyFormDraft } from '../../state/booking-drafts';

/**
 * The edit-options panel's values: each leg's extras as its selects hold them (text), read from
 * the booking form and written back into it.
 */

/** One leg's extras as the panel edits them (select values are text). */
export type LegValues = {
  luggages: string;
  hand_luggages: string;
  baby_seats: string;
  booster_seats: string;
  special_luggage: string;
  waiting_min: string;
  meet_and_greet: 'yes' | 'no';
  wheel_chair: 'yes' | 'no';
};

export type EditOptionsValues = { outward: LegValues; return: LegValues };

const whole = (text: string) => String(Number.parseInt(text, 10) || 0);

/** A leg without a form to read from: nothing added. */
export const EMPTY_LEG: LegValues = {
  luggages: '0',
  hand_luggages: '0',
  baby_seats: '0',
  booster_seats: '0',
  special_luggage: '0',
  waiting_min: '0',
  meet_and_greet: 'no',
  wheel_chair: 'no',
};

/** The outward leg's extras as the booking form holds them. */
export function outwardValues(form: BookingFormDraft | HourlyFormDraft): LegValues {
  return {
    luggages: whole(form.luggages),
    hand_luggages: whole(form.hand_luggages),
    baby_seats: whole(form.baby_seats),
    booster_seats: whole(form.booster_seats),
    special_luggage: whole(form.special_luggage),
    waiting_min: whole(form.waiting_min),
    meet_and_greet: form.meet_and_greet,
    wheel_chair: form.wheel_chair,
  };
}

/** The return leg's extras as the mileage form holds them. */
export function returnValues(form: BookingFormDraft | undefined): LegValues {
  return {
    luggages: whole(form?.return_luggages ?? '0'),
    hand_luggages: whole(form?.return_hand_luggages ?? '0'),
    baby_seats: whole(form?.return_baby_seats ?? '0'),
    booster_seats: whole(form?.return_booster_seats ?? '0'),
    special_luggage: whole(form?.return_special_luggage ?? '0'),
    waiting_min: whole(form?.return_waiting_min ?? '0'),
    meet_and_greet: form?.return_meet_and_greet ?? 'no',
    wheel_chair: form?.return_wheel_chair ?? 'no',
  };
}

/** The mileage form with both legs' extras replaced by what the panel holds. */
export function withMileageExtras(
  form: BookingFormDraft,
  values: EditOptionsValues,
  isReturn: boolean,
): BookingFormDraft {
  const next: BookingFormDraft = { ...form, ...values.outward };
  if (!isReturn) return next;
  const back = values.return;
  return {
    ...next,
    return_luggages: back.luggages,
    return_hand_luggages: back.hand_luggages,
    return_baby_seats: back.baby_seats,
    return_booster_seats: back.booster_seats,
    return_special_luggage: back.special_luggage,
    return_waiting_min: back.waiting_min,
    return_meet_and_greet: back.meet_and_greet,
    return_wheel_chair: back.wheel_chair,
  };
}
