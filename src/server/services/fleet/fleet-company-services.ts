import type { Repositories } from '../../repositories/all-repositories';
import type { ServicesOptions } from '../../services-options';
import { createCompaniesService } from '../companies/companies-service';
import type { ConfigChanges } from '../config/config-changes';
import { createFleetSetupService } from './fleet-setup-service';
import { createPictureStore, uploadsDir } from './picture-store';

/** The Fleet and Companies pages' services (issue 33), for console-setup-services.ts. */
export function fleetAndCompanyServices(
  options: ServicesOptions,
  repositories: Repositories,
  configChanges: ConfigChanges,
) {
  const { activity } = repositories;
  const { db } = options.handle;
  const { clock } = options;
  return {
    fleet: createFleetSetupService({
      db,
      fleet: repositories.fleetSetup,
      activity,
      configChanges,
      pictures: createPictureStore(uploadsDir(options.config.DATA_DIR)),
      clock,
    }),
    companies: createCompaniesService({
      db,
      companies: repositories.companies,
      activity,
      configChanges,
      clock,
    }),
  };
}
