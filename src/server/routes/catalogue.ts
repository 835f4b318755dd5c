import type { FastifyInstance, FastifyReply } from 'fastify';
import { aiAddressesQuerySchema } from '../../contract/catalogue';
import type {
  AiAddressesResponse,
  FetchCompaniesResponse,
  FetchVehiclesResponse,
  SettingsFlatResponse,
} from '../../contract/catalogue';
import { API_PATHS } from '../../contract/paths';
import { parseRequest } from '../errors';
import type { CatalogueService } from '../services/catalogue/catalogue-service';

/**
 * The service worker and the browser's persisted query cache decide how long reference data
 * stays fresh. An HTTP cache underneath them would hand back its own stale copy, so an
 * operator's settings change would take one more load to show; every use asks the server.
 */
function revalidateEveryUse(reply: FastifyReply): void {
  reply.header('cache-control', 'no-cache');
}

/** The reference data the booking form loads before a quote; none of it is per passenger. */
export async function catalogueRoutes(
  app: FastifyInstance,
  options: { catalogue: CatalogueService },
): Promise<void> {
  const { catalogue } = options;

  app.get(API_PATHS.settingsFlat, async (_request, reply): Promise<SettingsFlatResponse> => {
    revalidateEveryUse(reply);
    return { success: true, data: await catalogue.settingsFlat() };
  });

  app.get(API_PATHS.fetchVehicles, async (_request, reply): Promise<FetchVehiclesResponse> => {
    revalidateEveryUse(reply);
    return { success: true, data: await catalogue.vehicles() };
  });

  app.get(API_PATHS.fetchCompanies, async (_request, reply): Promise<FetchCompaniesResponse> => {
    revalidateEveryUse(reply);
    return { success: true, data: await catalogue.companies() };
  });

  app.get(API_PATHS.aiAddresses, async (request, reply): Promise<AiAddressesResponse> => {
    const query = parseRequest(aiAddressesQuerySchema, request.query);
    revalidateEveryUse(reply);
    return { success: true, data: await catalogue.addresses(query) };
  });
}
