import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { PlacesRepository } from '../../repositories/places-repository';
import type { DistanceProvider } from './distance-provider';
import { createGoogleGeocoder } from './google-geocoder';
import { createGoogleRoutesProvider } from './google-routes-provider';
import { withLegCache } from './leg-cache';
import { createOfflineDistanceProvider } from './offline-distance-provider';

/** Which provider the configuration asks for: explicit, else google when a key is set. */
export function distanceProviderName(
  config: Pick<Config, 'DISTANCE_PROVIDER' | 'GOOGLE_MAPS_SERVER_KEY'>,
): 'offline' | 'google' {
  return config.DISTANCE_PROVIDER ?? (config.GOOGLE_MAPS_SERVER_KEY ? 'google' : 'offline');
}

/**
 * The server's distance provider, behind a per-address-pair cache. The offline provider loads
 * the gazetteer here, so call this after the database is migrated and seeded.
 */
export async function createDistanceProvider(options: {
  config: Config;
  places: PlacesRepository;
  logger?: FastifyBaseLogger;
  fetch?: typeof fetch;
}): Promise<DistanceProvider> {
  const { config, logger } = options;
  const name = distanceProviderName(config);
  let provider: DistanceProvider;
  if (name === 'google') {
    if (!config.GOOGLE_MAPS_SERVER_KEY) {
      // Refuse at start rather than fail every quote later.
      throw new Error('DISTANCE_PROVIDER=google needs GOOGLE_MAPS_SERVER_KEY');
    }
    const google = {
      apiKey: config.GOOGLE_MAPS_SERVER_KEY,
      fetch: options.fetch,
      logger,
    };
    provider = {
      ...createGoogleRoutesProvider({ ...google, baseUrl: config.GOOGLE_MAPS_API_BASE_URL }),
      placeAt: createGoogleGeocoder({ ...google, baseUrl: config.GOOGLE_GEOCODING_API_BASE_URL }),
    };
  } else {
    provider = await createOfflineDistanceProvider({ places: options.places, logger });
  }
  logger?.info({ provider: name }, 'distance provider ready');
  return withLegCache(provider);
}
