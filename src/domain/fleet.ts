import { z } from 'zod';

/** One fleet category as GET /fetch_vehicles returns it (spec section 3, Vehicle). */
export const vehicleSchema = z.object({
  tbms_vid: z.number().int(),
  vehicle_img: z.string(),
  category_name: z.string(),
  seats: z.number().int().nonnegative(),
  hand_luggage: z.number().int().nonnegative(),
  luggage: z.number().int().nonnegative(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** One operator company as GET /fetch_companies returns it. */
export const companySchema = z.object({
  id: z.number().int(),
  company: z.object({ company_name: z.string() }),
});
export type Company = z.infer<typeof companySchema>;

/** One address suggestion as GET /ai-addresses returns it. */
export const addressSuggestionSchema = z.object({
  id: z.number().int(),
  address: z.string(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

/** Vehicle images live under {host}/storage/ followed by the stored path (spec section 2). */
export function vehicleImageUrl(vehicleImg: string, host = ''): string {
  return `${host}/storage/${vehicleImg.replace(/^\/+/, '')}`;
}
