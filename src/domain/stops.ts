import * as z from 'zod/mini';
import { addressField, ukLocationField } from './form-fields';
import { FIELD_MESSAGES } from './messages';

const stopFieldsSchema = z.object({
  street_name: addressField('stops.street_name'),
  number: z._default(
    z.pipe(
      z.union([z.string(), z.number()], { error: FIELD_MESSAGES.text('stops.number') }),
      z.transform((value: string | number) => String(value).trim().slice(0, 20)),
    ),
    '',
  ),
  postcode: addressField('stops.postcode'),
  location: ukLocationField('stops.location'),
});

/**
 * One extra stop. The spec names its fields two ways (street_name/number/postcode and
 * stop_street_no/stop_number/stop_postcode); both are read.
 */
export const stopSchema = z.pipe(
  z.transform((value: unknown) => {
    const row = (typeof value === 'object' && value !== null ? value : {}) as Record<
      string,
      unknown
    >;
    // The object schema next checks every field; this only picks which name was used.
    return {
      street_name: row.street_name ?? row.stop_street_no,
      number: row.number ?? row.stop_number,
      postcode: row.postcode ?? row.stop_postcode,
      location: row.location,
    } as z.input<typeof stopFieldsSchema>;
  }),
  stopFieldsSchema,
);
export type Stop = z.infer<typeof stopSchema>;

/** A stop's address as one line: '12, Baker Street, NW1 6XE'. Empty for a blank row. */
export function stopAddress(stop: Pick<Stop, 'street_name' | 'number' | 'postcode'>): string {
  return [stop.number, stop.street_name, stop.postcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * A booked stop's street with its house number, as an address is written: '221B Baker Street'.
 * Bookings store the two apart; a street typed with its number already is left alone.
 */
export function stopStreetLine(number: string, street: string): string {
  const house = number.trim();
  const road = street.trim();
  if (house === '' || road.toLowerCase().startsWith(house.toLowerCase())) return road;
  return road === '' ? house : `${house} ${road}`;
}

/**
 * A booked stop as one line: its street line, then its postcode unless the address already
 * ends with it (addresses from suggestions usually do). Mails and receipts list stops so.
 */
export function bookedStopLine(stop: {
  stop_street_number: string;
  stop_address: string;
  stop_post_code: string;
}): string {
  const parts = [stopStreetLine(stop.stop_street_number, stop.stop_address)];
  if (stop.stop_post_code && !stop.stop_address.includes(stop.stop_post_code)) {
    parts.push(stop.stop_post_code);
  }
  return parts.filter((part) => part.trim() !== '').join(', ');
}
