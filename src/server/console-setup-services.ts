import type { Repositories } from './repositories/all-repositories';
import { createActivityService } from './services/activity/activity-service';
import { createConfigChanges } from './services/config/config-changes';
import { createSettingsAdmin } from './services/config/settings-admin';
import { fleetAndCompanyServices } from './services/fleet/fleet-company-services';
import type { ServicesOptions } from './service-container';

/**
 * What the console sets the business up with (issue 33): the notice every process hears when
 * the set-up changes, the activity log every change is written to, and the services of the
 * console's set-up pages over them.
 */
export function consoleSetupServices(options: ServicesOptions, repositories: Repositories) {
  const { activity } = repositories;
  const configChanges = createConfigChanges(options.handle, options.logger);
  const settingsAdmin = createSettingsAdmin({
    db: options.handle.db,
    settings: repositories.settings,
    activity,
    configChanges,
    clock: options.clock,
  });
  return {
    configChanges,
    activity,
    activityLog: createActivityService({ activity }),
    settingsAdmin,
    ...fleetAndCompanyServices(options, repositories, configChanges),
  };
}

export type ConsoleSetupServices = ReturnType<typeof consoleSetupServices>;
