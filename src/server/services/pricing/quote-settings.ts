import { extrasPricesFromSettings } from '../../../domain/extras-pricing';
import type { ExtrasPrices } from '../../../domain/pricing-model';
import { graceMinutes, isYes, SETTING_NAMES, toSettingsMap } from '../../../domain/settings';
import type { SettingsMap } from '../../../domain/settings';
import { createRefreshingCache } from '../../lib/refreshing-cache';
import type { RefreshingCache } from '../../lib/refreshing-cache';
import type { SettingsRepository } from '../../repositories/settings-repository';

/**
 * How long the settings a quote reads are kept in memory: an operator's change to a setting
 * (GRACE_TIME, extras' prices, ROUND_OFF, MULTIPLE_*) shows in quotes within this time, or at
 * once after the quote service's invalidate().
 */
export const QUOTE_SETTINGS_TTL_MS = 5_000;
/** Under steady traffic the next read starts this long before expiry, in the background. */
const QUOTE_SETTINGS_REFRESH_AHEAD_MS = 1_000;

/** The settings as quotes use them, worked out once per read rather than once per quote. */
export interface QuoteSettings {
  /** Every setting the spec reads, by name (for the offer selection rules). */
  map: SettingsMap;
  /** The extras' prices in pence. */
  extras: ExtrasPrices;
  /** ROUND_OFF === 'yes'. */
  roundOff: boolean;
  /** GRACE_TIME in whole minutes (0 when missing or malformed). */
  graceMinutes: number;
}

/** Works out what quotes need from the settings rows. */
export function toQuoteSettings(map: SettingsMap): QuoteSettings {
  return {
    map,
    extras: extrasPricesFromSettings(map),
    roundOff: isYes(map, 'ROUND_OFF'),
    graceMinutes: graceMinutes(map),
  };
}

/**
 * The settings quotes read, in memory for at most the TTL (see createRefreshingCache for the
 * exact bound) instead of one query per quote.
 */
export function createQuoteSettingsCache(
  repository: Pick<SettingsRepository, 'listByName'>,
  options: { ttlMs?: number; monotonicMs?: () => number } = {},
): RefreshingCache<QuoteSettings> {
  const ttlMs = options.ttlMs ?? QUOTE_SETTINGS_TTL_MS;
  return createRefreshingCache(
    async () => toQuoteSettings(toSettingsMap(await repository.listByName(SETTING_NAMES))),
    {
      ttlMs,
      refreshAheadMs: Math.min(QUOTE_SETTINGS_REFRESH_AHEAD_MS, ttlMs / 2),
      monotonicMs: options.monotonicMs,
    },
  );
}
