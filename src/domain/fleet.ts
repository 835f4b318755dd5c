import * as z from 'zod/mini';

/** One fleet category as GET /fetch_vehicles returns it (spec section 3, Vehicle). */
export const vehicleSchema = z.object({
  tbms_vid: z.int(),
  vehicle_img: z.string(),
  category_name: z.string(),
  seats: z.int().check(z.nonnegative()),
  hand_luggage: z.int().check(z.nonnegative()),
  luggage: z.int().check(z.nonnegative()),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** One operator company as GET /fetch_companies returns it. */
export const companySchema = z.object({
  id: z.int(),
  company: z.object({ company_name: z.string() }),
});
export type Company = z.infer<typeof companySchema>;

/** One address suggestion as GET /ai-addresses returns it. */
export const addressSuggestionSchema = z.object({
  id: z.int(),
  address: z.string(),
  /**
   * Added to the spec's fields: where the place is, shown beside it ("Merseyside", "London
   * SE1"); empty when the gazetteer knows no more.
   */
  area: z.optional(z.string()),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

/** Vehicle images live under {host}/storage/ followed by the stored path (spec section 2). */
export function vehicleImageUrl(vehicleImg: string, host = ''): string {
  return `${host}/storage/${vehicleImg.replace(/^\/+/, '')}`;
}
