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
 * Reference data changes rarely; a minute fresh, then served stale while the browser (and the
 * service worker, which does its own stale-while-revalidate) fetches a new copy.
 */
function cacheBriefly(reply: FastifyReply): void {
  reply.header('cache-control', 'private, max-age=60, stale-while-revalidate=86400');
}

/** GET settings-flat, fetch_vehicles, fetch_companies and ai-addresses. */
export async function catalogueRoutes(
  app: FastifyInstance,
  options: { catalogue: CatalogueService },
): Promise<void> {
  const { catalogue } = options;

  app.get(API_PATHS.settingsFlat, async (_request, reply): Promise<SettingsFlatResponse> => {
    cacheBriefly(reply);
    return { success: true, data: await catalogue.settingsFlat() };
  });

  app.get(API_PATHS.fetchVehicles, async (_request, reply): Promise<FetchVehiclesResponse> => {
    cacheBriefly(reply);
    return { success: true, data: await catalogue.vehicles() };
  });

  app.get(API_PATHS.fetchCompanies, async (_request, reply): Promise<FetchCompaniesResponse> => {
    cacheBriefly(reply);
    return { success: true, data: await catalogue.companies() };
  });

  app.get(API_PATHS.aiAddresses, async (request, reply): Promise<AiAddressesResponse> => {
    const query = parseRequest(aiAddressesQuerySchema, request.query);
    cacheBriefly(reply);
    return { success: true, data: await catalogue.addresses(query) };
  });
}
