import * as z from 'zod/mini';
import { bookingFormSchema } from '../domain/booking-form';
import { MAX_PENCE } from '../domain/money';
import { breakdownWireSchema } from './price-details';
import { idField } from './field-rules';
import { wholeNumberText } from './path-params';

/**
 * The Prices page's calls (issue 33; API.md, Operator console, Prices), under
 * /api/v1/operator/. Amounts are pounds with at most two decimals, uplifts percentages, night
 * windows "HH:MM" in UK time; the server stores pence, basis points and minutes.
 */

/** Pounds and pence: at least 0, at most two decimals, no more than any price could be. */
export const poundsField = (field: string) =>
  z.number({ error: `${field} must be an amount in pounds` }).check(
    z.minimum(0, `${field} must be an amount in pounds`),
    z.maximum(MAX_PENCE / 100, `${field} must be at most £${MAX_PENCE / 100}`),
    z.refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      `${field} must have at most two decimals`,
    ),
  );

/** A percentage uplift, 0–1000 with at most two decimals (stored as basis points). */
const percentField = (field: string) =>
  z.number({ error: `${field} must be a percentage` }).check(
    z.minimum(0, `${field} must be a percentage from 0 to 1000`),
    z.maximum(1000, `${field} must be a percentage from 0 to 1000`),
    z.refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      `${field} must have at most two decimals`,
    ),
  );

/** A UK clock time, 00:00–23:59. */
const clockField = (field: string) =>
  z
    .string({ error: `${field} must be a time as HH:MM` })
    .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field} must be a time as HH:MM`));

/** The hire lengths a card can price, 4 to 24 hours. */
export const HOURLY_HOURS = Array.from({ length: 21 }, (_, i) => String(i + 4)) as [
  string,
  ...string[],
];

/** One per-mile band: up to `up_to_miles` (null: every mile beyond) at `per_mile` pounds. */
export const mileBandSchema = z.object({
  up_to_miles: z.nullable(
    z
      .number({ error: 'up_to_miles must be a number of miles' })
      .check(
        z.gt(0, 'up_to_miles must be more than 0'),
        z.maximum(99_999, 'up_to_miles must be at most 99999'),
      ),
  ),
  per_mile: poundsField('per_mile'),
});
export type MileBandWire = z.infer<typeof mileBandSchema>;

/** Bands ascend; only the last, and it must, covers every mile beyond (up_to_miles null). */
function checkBands(bands: MileBandWire[], ctx: z.core.$RefinementCtx) {
  bands.forEach((band, i) => {
    const last = i === bands.length - 1;
    const previous = i > 0 ? bands[i - 1]?.up_to_miles : 0;
    const fail = (message: string) =>
      ctx.addIssue({
        code: 'custom',
        message,
        path: ['mile_bands', i, 'up_to_miles'],
        input: band.up_to_miles,
      });
    if (last && band.up_to_miles !== null)
      fail('The last band must cover every mile beyond (no end)');
    else if (!last && band.up_to_miles === null) fail('Only the last band can have no end');
    else if (
      !last &&
      previous != null &&
      band.up_to_miles !== null &&
      band.up_to_miles <= previous
    ) {
      fail('Each band must end further than the one before');
    }
  });
}

/** What an operator edits on a card. */
const cardShape = {
  base_fare: poundsField('base_fare'),
  minimum_fare: poundsField('minimum_fare'),
  mile_bands: z
    .array(mileBandSchema)
    .check(
      z.minLength(1, 'mile_bands needs at least one band'),
      z.maxLength(20, 'mile_bands has at most 20 bands'),
    ),
  hourly_rates: z.partialRecord(
    z.enum(HOURLY_HOURS, { error: 'hourly_rates are for 4 to 24 hours' }),
    poundsField('hourly_rates'),
  ),
};

/** PUT /operator/rate-cards/{id}: the whole card and the version it was read at. */
export const rateCardInputSchema = z
  .object({ ...cardShape, version: idField('version must be the card version you read') })
  .check(z.superRefine((value, ctx) => checkBands(value.mile_bands, ctx)));
export type RateCardInput = z.infer<typeof rateCardInputSchema>;

/** A card as the console shows it. */
export const rateCardSchema = z.object({
  id: z.int(),
  company_id: z.int(),
  company_name: z.string(),
  category_id: z.int(),
  category_name: z.string(),
  base_fare: z.number(),
  minimum_fare: z.number(),
  mile_bands: z.array(z.object({ up_to_miles: z.nullable(z.number()), per_mile: z.number() })),
  hourly_rates: z.record(z.string(), z.number()),
  version: z.int(),
  updated_at: z.string(),
  updated_by: z.nullable(z.string()),
});
export type RateCardWire = z.infer<typeof rateCardSchema>;

export const rateCardsResponseSchema = z.object({
  success: z.literal(true),
  rate_cards: z.array(rateCardSchema),
});
export const rateCardResponseSchema = z.object({
  success: z.literal(true),
  rate_card: rateCardSchema,
});

/** ?company_id= of the company-wide calls: the admin's choice; a manager's is its own. */
export const companyQuerySchema = z.object({
  company_id: z.optional(wholeNumberText('company_id must be a company id')),
});

/** One fixed fare as the console edits it. */
export const fixedFareInputSchema = z
  .object({
    category_id: idField('category_id must be a vehicle category id'),
    from_zone_id: idField('from_zone_id must be a zone id'),
    to_zone_id: idField('to_zone_id must be a zone id'),
    both_ways: z.boolean({ error: 'both_ways must be true or false' }),
    fare: poundsField('fare'),
  })
  .check(
    z.refine((fare) => fare.from_zone_id !== fare.to_zone_id, {
      message: 'A fixed fare joins two different zones',
      path: ['to_zone_id'],
    }),
  );
export type FixedFareInput = z.infer<typeof fixedFareInputSchema>;

/** The whole list, each route once (category, from, to). */
const fixedFareListSchema = z.array(fixedFareInputSchema).check(
  z.maxLength(500, 'fixed_fares has at most 500 fares'),
  z.superRefine((fares, ctx) => {
    const seen = new Set<string>();
    fares.forEach((fare, i) => {
      const key = `${fare.category_id}:${fare.from_zone_id}:${fare.to_zone_id}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: 'This route already has a fixed fare',
          path: [i, 'to_zone_id'],
          input: fare,
        });
      }
      seen.add(key);
    });
  }),
);

export const fixedFareSchema = z.object({
  category_id: z.int(),
  category_name: z.string(),
  from_zone_id: z.int(),
  from_zone_name: z.string(),
  to_zone_id: z.int(),
  to_zone_name: z.string(),
  both_ways: z.boolean(),
  fare: z.number(),
});
export type FixedFareWire = z.infer<typeof fixedFareSchema>;

export const fixedFaresResponseSchema = z.object({
  success: z.literal(true),
  company_id: z.int(),
  fixed_fares: z.array(fixedFareSchema),
  version: z.int(),
  /** Every zone a fare can join, and the categories the company runs, for the page's choices. */
  zones: z.array(z.object({ id: z.int(), name: z.string() })),
  categories: z.array(z.object({ id: z.int(), name: z.string() })),
});
export type FixedFaresResponse = z.infer<typeof fixedFaresResponseSchema>;

/** PUT /operator/fixed-fares: the company's whole list (company_id: the admin's choice). */
export const fixedFaresInputSchema = z.object({
  company_id: z.optional(idField('company_id must be a company id')),
  version: z.int({ error: 'version must be the version you read' }),
  fixed_fares: fixedFareListSchema,
});
export type FixedFaresInput = z.infer<typeof fixedFaresInputSchema>;

const chargesShape = {
  airport_pickup_charge: poundsField('airport_pickup_charge'),
  night_uplift_percent: percentField('night_uplift_percent'),
  night_start: clockField('night_start'),
  night_end: clockField('night_end'),
  bank_holiday_uplift_percent: percentField('bank_holiday_uplift_percent'),
};
const chargesFieldsSchema = z.object(chargesShape);
export type ChargesFields = z.infer<typeof chargesFieldsSchema>;

export const chargesSchema = z.object({
  ...chargesShape,
  company_id: z.int(),
  version: z.int(),
});
export type ChargesWire = z.infer<typeof chargesSchema>;
export const chargesResponseSchema = z.object({ success: z.literal(true), charges: chargesSchema });

/** PUT /operator/charges */
export const chargesInputSchema = z.object({
  ...chargesShape,
  company_id: z.optional(idField('company_id must be a company id')),
  version: z.int({ error: 'version must be the version you read' }),
});
export type ChargesInput = z.infer<typeof chargesInputSchema>;

/** One saved version of a company's prices. */
export const priceVersionSchema = z.object({
  id: z.int(),
  number: z.int(),
  created_at: z.string(),
  operator_name: z.string(),
  summary: z.string(),
  changes: z.array(z.string()),
  restored_from: z.nullable(z.int()),
  current: z.boolean(),
});
export type PriceVersionWire = z.infer<typeof priceVersionSchema>;
export const priceVersionsResponseSchema = z.object({
  success: z.literal(true),
  company_id: z.int(),
  versions: z.array(priceVersionSchema),
});
export const priceVersionResponseSchema = z.object({
  success: z.literal(true),
  version: priceVersionSchema,
});
export const rateCardPathSchema = z.object({ id: wholeNumberText('Rate card not found') });
export const priceVersionPathSchema = z.object({ id: wholeNumberText('No such price version') });

/** The unsaved changes Try a quote prices beside today's prices. */
export const priceChangesSchema = z.object({
  rate_cards: z.optional(
    z.array(
      z
        .object({ ...cardShape, category_id: idField('category_id must be a vehicle category id') })
        .check(z.superRefine((value, ctx) => checkBands(value.mile_bands, ctx))),
    ),
  ),
  fixed_fares: z.optional(fixedFareListSchema),
  charges: z.optional(chargesFieldsSchema),
});
export type PriceChanges = z.infer<typeof priceChangesSchema>;

/** POST /operator/price-preview */
export const pricePreviewRequestSchema = z.object({
  journey: bookingFormSchema,
  company_id: z.optional(idField('company_id must be a company id')),
  changes: z.optional(priceChangesSchema),
});
export type PricePreviewRequest = z.infer<typeof pricePreviewRequestSchema>;
export type PricePreviewRequestInput = z.input<typeof pricePreviewRequestSchema>;

/** One category's price for the journey, with its parts and why. */
export const previewEntrySchema = z.object({
  category_id: z.int(),
  category_name: z.string(),
  final_price: z.number(),
  breakdown: breakdownWireSchema,
  explanation: z.array(z.string()),
});
export type PreviewEntry = z.infer<typeof previewEntrySchema>;
export const pricePreviewResponseSchema = z.object({
  success: z.literal(true),
  current: z.array(previewEntrySchema),
  proposed: z.array(previewEntrySchema),
});
export type PricePreviewResponse = z.infer<typeof pricePreviewResponseSchema>;
