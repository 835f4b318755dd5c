import { isBlank } from './form-fields';

/**
 * The extras of one leg of a journey (passengers, luggage, seats, waiting, meet and greet,
 * wheelchair). A return trip's form holds a second set under return_ names; the return
 * passengers copy the outward count when left empty (spec section 4). Here once, for the
 * schemas, the pricing and the summary the browser shows.
 */

/** One leg's extras; `Count` is a number once parsed, the select's text in a draft. */
export type Leg<Count> = {
  passengers: Count;
  luggages: Count;
  hand_luggages: Count;
  special_luggage: Count;
  baby_seats: Count;
  booster_seats: Count;
  waiting_min: Count;
  meet_and_greet: 'yes' | 'no';
  wheel_chair: 'yes' | 'no';
};

/** The extras of one leg after parsing, whichever leg it is. */
export type LegExtras = Leg<number>;

/** The fields of a leg, in the spec's order; a return leg's are these with return_ before. */
export const LEG_FIELDS = [
  'passengers',
  'luggages',
  'hand_luggages',
  'special_luggage',
  'baby_seats',
  'booster_seats',
  'waiting_min',
  'meet_and_greet',
  'wheel_chair',
] as const satisfies readonly (keyof Leg<unknown>)[];

/** A form's second set of extras, for the return leg; its passengers may be left empty. */
export type ReturnLegFields<Count> = {
  [F in Exclude<keyof Leg<Count>, 'passengers'> as `return_${F}`]: Leg<Count>[F];
} & { return_passengers: Count | '' | null | undefined };

/** The outward (or only) leg's extras of a form. */
export function outwardLegExtras<Count>(form: Leg<Count>): Leg<Count> {
  return Object.fromEntries(LEG_FIELDS.map((field) => [field, form[field]])) as Leg<Count>;
}

/** The return leg's extras; empty return passengers are the outward count (spec section 4). */
export function returnLegExtras<Count>(form: Leg<Count> & ReturnLegFields<Count>): Leg<Count> {
  const leg = Object.fromEntries(
    LEG_FIELDS.map((field) => [field, form[`return_${field}`]]),
  ) as Leg<Count>;
  return { ...leg, passengers: returnPassengers(form.return_passengers, form.passengers) };
}

/** What the return leg carries when its own count is left empty: the outward passengers. */
export function returnPassengers<Count>(
  given: Count | '' | null | undefined,
  outward: Count,
): Count {
  return isBlank(given) ? outward : given;
}
