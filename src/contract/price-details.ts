import * as z from 'zod/mini';
import { BREAKDOWN_LABELS, BREAKDOWN_PARTS } from '../domain/pricing-model';

/** Named parts in pounds plus final_price; the parts sum to final_price (domain BREAKDOWN_PARTS). */
export const breakdownWireSchema = z.record(z.string(), z.number());
export type BreakdownWire = z.infer<typeof breakdownWireSchema>;

/** One priced part of a breakdown as people read it. */
export interface BreakdownLine {
  /** A BreakdownPart, or the wire name of a part this side does not know yet. */
  part: string;
  label: string;
  /** Pounds, as on the wire. */
  amount: number;
}

/**
 * The non-zero parts of a breakdown in display order (BREAKDOWN_PARTS), as the results page,
 * the pages of a booking, the mails and the receipt list them; then any part this side does
 * not know yet (a browser older than its server), by its wire name. final_price is the Total
 * line, not a part.
 */
export function breakdownLines(breakdown: BreakdownWire): BreakdownLine[] {
  const known: readonly string[] = BREAKDOWN_PARTS;
  return [
    ...BREAKDOWN_PARTS.filter((part) => (breakdown[part] ?? 0) !== 0).map((part) => ({
      part,
      label: BREAKDOWN_LABELS[part],
      amount: breakdown[part] ?? 0,
    })),
    ...Object.entries(breakdown)
      .filter(([part, amount]) => !known.includes(part) && part !== 'final_price' && amount !== 0)
      .map(([part, amount]) => ({ part, label: part.replaceAll('_', ' '), amount })),
  ];
}

/** One priced vehicle of one operator (API.md PriceDetail). */
export const priceDetailSchema = z.object({
  vehicle_id: z.int(),
  company_id: z.int(),
  company_name: z.string(),
  vehicle_type: z.string(),
  vehicle_image: z.string(),
  max_seat: z.int(),
  luggage: z.int(),
  small_luggage: z.int(),
  rating: z.number(),
  price: z.number(),
  final_price: z.number(),
  breakdown: breakdownWireSchema,
});
export type PriceDetail = z.infer<typeof priceDetailSchema>;

/** The journey measured for a mileage quote: outward with its stops, and the return leg. */
export const quoteDistanceSchema = z.object({
  via_miles: z.number(),
  duration: z.int(),
  return_via_miles: z.optional(z.nullable(z.number())),
  return_duration: z.optional(z.nullable(z.int())),
});
export type QuoteDistance = z.infer<typeof quoteDistanceSchema>;

/**
 * Where the server placed one address of a quote ('pickup', 'stops.0', 'dropoff'), in degrees
 * to 4 decimals (about 10 m): what the route sketch draws when there is no Google map.
 */
export const quotePlaceSchema = z.object({
  field: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type QuotePlace = z.infer<typeof quotePlaceSchema>;
