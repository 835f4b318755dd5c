import * as z from 'zod/mini';
import { isoDate, text } from './field-rules';
import { wholeNumberText } from './path-params';

/**
 * The admin's zones and bank holidays (issue 33; API.md, Prices): what fixed fares are drawn
 * between and what the bank-holiday uplift reads, shared by every company's prices.
 */

/** The longest meeting buffer an airport zone takes: four hours; more is a typing slip. */
export const MAX_FLIGHT_BUFFER_MINUTES = 240;

const IATA_MESSAGE = 'iata_code must be three letters, like LHR';
const BUFFER_MESSAGE = `flight_buffer_minutes must be a whole number of minutes from 0 to ${MAX_FLIGHT_BUFFER_MINUTES}`;

/** An airport's IATA code, three capital letters, or '' (read as null) for none. */
const iataCode = z.pipe(
  z.string({ error: IATA_MESSAGE }).check(
    z.trim(),
    z.refine((code) => code === '' || /^[A-Z]{3}$/.test(code), IATA_MESSAGE),
  ),
  z.transform((code) => (code === '' ? null : code)),
);

/** A code or buffer is about flights landing there, so only an airport zone has one. */
function checkAirportOnly(
  zone: { is_airport: boolean; iata_code?: string | null; flight_buffer_minutes?: number | null },
  ctx: z.core.$RefinementCtx,
) {
  if (zone.is_airport) return;
  for (const field of ['iata_code', 'flight_buffer_minutes'] as const) {
    if (zone[field] == null) continue;
    ctx.addIssue({
      code: 'custom',
      message: `${field} is only for an airport zone: tick is_airport or leave it empty`,
      path: [field],
      input: zone[field],
    });
  }
}

/**
 * A zone (admin): a named circle. An airport zone may name the IATA code flights land at
 * (issue 35: null, no flight tracking) and its own meeting buffer (null: FLIGHT_BUFFER_MINUTES).
 * Either left out keeps what is stored (null for a new zone), so older clients keep working.
 */
export const zoneInputSchema = z
  .object({
    name: text('name', 100),
    lat: z
      .number({ error: 'lat must be a latitude' })
      .check(
        z.minimum(49, 'lat must be a latitude in the UK'),
        z.maximum(61, 'lat must be a latitude in the UK'),
      ),
    lng: z
      .number({ error: 'lng must be a longitude' })
      .check(
        z.minimum(-9, 'lng must be a longitude in the UK'),
        z.maximum(2, 'lng must be a longitude in the UK'),
      ),
    radius_km: z
      .number({ error: 'radius_km must be a number of kilometres' })
      .check(
        z.gt(0, 'radius_km must be more than 0'),
        z.maximum(200, 'radius_km must be at most 200'),
      ),
    is_airport: z.boolean({ error: 'is_airport must be true or false' }),
    iata_code: z.optional(z.nullable(iataCode)),
    flight_buffer_minutes: z.optional(
      z.nullable(
        z
          .int({ error: BUFFER_MESSAGE })
          .check(
            z.minimum(0, BUFFER_MESSAGE),
            z.maximum(MAX_FLIGHT_BUFFER_MINUTES, BUFFER_MESSAGE),
          ),
      ),
    ),
  })
  .check(z.superRefine(checkAirportOnly));
export type ZoneInput = z.infer<typeof zoneInputSchema>;
export const zoneSchema = z.object({
  id: z.int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  radius_km: z.number(),
  is_airport: z.boolean(),
  /** The IATA code flights to this airport land at; null: flights are not tracked here. */
  iata_code: z.nullable(z.string()),
  /** Minutes from landing to meeting the passenger; null: FLIGHT_BUFFER_MINUTES. */
  flight_buffer_minutes: z.nullable(z.int()),
});
export type ZoneWire = z.infer<typeof zoneSchema>;
export const zonesResponseSchema = z.object({
  success: z.literal(true),
  zones: z.array(zoneSchema),
});
export const zoneResponseSchema = z.object({ success: z.literal(true), zone: zoneSchema });
export const zonePathSchema = z.object({ id: wholeNumberText('No such zone') });

export const HOLIDAY_REGIONS = ['england-and-wales', 'scotland'] as const;
export const bankHolidaySchema = z.object({
  date: isoDate('date'),
  region: z.enum(HOLIDAY_REGIONS, { error: 'region must be england-and-wales or scotland' }),
  name: text('name', 100),
});
export type BankHolidayWire = z.infer<typeof bankHolidaySchema>;
export const bankHolidaysResponseSchema = z.object({
  success: z.literal(true),
  bank_holidays: z.array(bankHolidaySchema),
});
export const bankHolidayPathSchema = z.object({
  region: z.enum(HOLIDAY_REGIONS, { error: 'No such bank holiday' }),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'No such bank holiday')),
});
