import * as z from 'zod/mini';
import { settingSchema } from '../domain/settings';
import { addressSuggestionSchema, companySchema, vehicleSchema } from '../domain/fleet';
import { listEnvelope } from './envelope';

/** GET /settings-flat */
export const settingsFlatResponseSchema = listEnvelope(settingSchema);
export type SettingsFlatResponse = z.infer<typeof settingsFlatResponseSchema>;

/** GET /fetch_vehicles */
export const fetchVehiclesResponseSchema = listEnvelope(vehicleSchema);
export type FetchVehiclesResponse = z.infer<typeof fetchVehiclesResponseSchema>;

/** GET /fetch_companies */
export const fetchCompaniesResponseSchema = listEnvelope(companySchema);
export type FetchCompaniesResponse = z.infer<typeof fetchCompaniesResponseSchema>;

/** Most suggestions one call returns; a larger `limit` is lowered to this, not refused. */
export const MAX_ADDRESS_LIMIT = 50;
/** Suggestions returned when the caller sets no `limit`. */
export const DEFAULT_ADDRESS_LIMIT = 10;

/**
 * GET /ai-addresses?q=&limit= ; q matches words anywhere, case-insensitive. `limit` caps the
 * list (API.md): a whole number from 1, and anything above MAX_ADDRESS_LIMIT gets that many.
 */
export const aiAddressesQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(200, 'q must be at most 200 characters'))),
  /**
   * Optional hint: the text of the journey's other end (the pickup while the drop-off is
   * typed), so places nearer it come first among equally likely ones.
   */
  near: z.optional(
    z.string().check(z.trim(), z.maxLength(200, 'near must be at most 200 characters')),
  ),
  limit: z._default(
    z.pipe(
      z.coerce
        .number({ error: 'limit must be a number' })
        .check(
          z.refine(Number.isInteger, 'limit must be a whole number'),
          z.minimum(1, 'limit must be at least 1'),
        ),
      z.transform((limit: number) => Math.min(limit, MAX_ADDRESS_LIMIT)),
    ),
    DEFAULT_ADDRESS_LIMIT,
  ),
});
export type AiAddressesQuery = z.infer<typeof aiAddressesQuerySchema>;

/** GET /ai-addresses */
export const aiAddressesResponseSchema = listEnvelope(addressSuggestionSchema);
export type AiAddressesResponse = z.infer<typeof aiAddressesResponseSchema>;
