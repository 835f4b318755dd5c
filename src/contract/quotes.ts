import * as z from 'zod/mini';
import {
  bookingFormSchema,
  bookingTypeSchema,
  countField,
  hourlyFormSchema,
  LIMITS,
  requireRoute,
  routeShape,
} from '../domain/booking-form';
import { FIELD_MESSAGES } from '../domain/messages';
import {
  breakdownWireSchema,
  priceDetailSchema,
  quoteDistanceSchema,
  quotePlaceSchema,
} from './price-details';

/**
 * The price calls of API.md. Request bodies are the spec's forms (domain/booking-form.ts);
 * money on the wire is pounds with at most two decimals, computed from integer pence.
 */

/** POST /calculate-distance `{pickup, dropoff}` (stops and coordinates optional). */
export const calculateDistanceRequestSchema = z.pipe(
  z.object(routeShape, { error: FIELD_MESSAGES.notObject('The request') }),
  z.transform((body, ctx) => {
    requireRoute(ctx, body);
    return body;
  }),
);
export type CalculateDistanceRequest = z.infer<typeof calculateDistanceRequestSchema>;

/** Distance of one leg: miles with one decimal, whole minutes under both spec names. */
export const distanceResultSchema = z.object({
  via_miles: z.number(),
  duration: z.int(),
  time_duration: z.int(),
});
export type DistanceResult = z.infer<typeof distanceResultSchema>;

export const calculateDistanceResponseSchema = z.extend(distanceResultSchema, {
  success: z.literal(true),
});
export type CalculateDistanceResponse = z.infer<typeof calculateDistanceResponseSchema>;

// The priced-vehicle shapes live apart so the browser's saved quote can read them without
// this module's request schemas (the home page's first load).
export {
  breakdownWireSchema,
  priceDetailSchema,
  quoteDistanceSchema,
  quotePlaceSchema,
  type BreakdownWire,
  type PriceDetail,
  type QuoteDistance,
  type QuotePlace,
} from './price-details';

/** POST /calculate-distance-price: the booking form (domain bookingFormSchema). */
export const calculateDistancePriceRequestSchema = bookingFormSchema;

/** POST /calculate-distance-price and /calculate-hourly-price answers. */
export const priceDetailsResponseSchema = z.object({
  success: z.literal(true),
  price_details: z.array(priceDetailSchema),
  /** Mileage quotes only: what the summary panel shows without a second call. */
  distance: z.optional(quoteDistanceSchema),
  /** The outward journey's places in order (an hourly hire's pickup alone), for the map. */
  places: z.optional(z.array(quotePlaceSchema)),
});
export type PriceDetailsResponse = z.infer<typeof priceDetailsResponseSchema>;

/** POST /calculate-hourly-price: the hourly form (domain hourlyFormSchema). */
export const calculateHourlyPriceRequestSchema = hourlyFormSchema;

/**
 * POST /calculate-selected-vehicle-price. The spec leaves the shape open ("the vehicle plus
 * extras"): the booking type, its form (whose extras price the legs), the chosen vehicle and
 * operator, and how many vehicles. The answer's quote_id is what a booking later refers to.
 */
export const selectedVehiclePriceRequestSchema = z.object(
  {
    bookingType: bookingTypeSchema,
    bookingForm: z.optional(z.unknown()),
    hourlyRateForm: z.optional(z.unknown()),
    vehicle_id: countField('vehicle_id', 1, 2_147_483_647),
    company_id: countField('company_id', 1, 2_147_483_647),
    vehicle_count: z._default(countField('vehicle_count', 1, LIMITS.vehicleCountMax), 1),
  },
  { error: 'The request must be a JSON object' },
);
export type SelectedVehiclePriceRequest = z.infer<typeof selectedVehiclePriceRequestSchema>;
export type SelectedVehiclePriceRequestInput = z.input<typeof selectedVehiclePriceRequestSchema>;

export const selectedVehiclePriceResponseSchema = z.object({
  success: z.literal(true),
  quote_id: z.string(),
  /** ISO time after which the quote must be priced again. */
  expires_at: z.string(),
  vehicle_count: z.int(),
  price: z.number(),
  final_price: z.number(),
  breakdown: breakdownWireSchema,
  price_detail: priceDetailSchema,
});
export type SelectedVehiclePriceResponse = z.infer<typeof selectedVehiclePriceResponseSchema>;
