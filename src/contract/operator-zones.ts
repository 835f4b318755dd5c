import * as z from 'zod/mini';
import { isoDate, text } from './field-rules';
import { wholeNumberText } from './path-params';

/**
 * The admin's zones and bank holidays (issue 33; API.md, Prices): what fixed fares are drawn
 * between and what the bank-holiday uplift reads, shared by every company's prices.
 */

/** A zone (admin): a named circle. */
export const zoneInputSchema = z.object({
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
});
export type ZoneInput = z.infer<typeof zoneInputSchema>;
export const zoneSchema = z.object({
  id: z.int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  radius_km: z.number(),
  is_airport: z.boolean(),
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
