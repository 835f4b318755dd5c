import type { Repositories } from './repositories/all-repositories';
import { createConfigChanges } from './services/config/config-changes';
import type { QuoteService } from './services/pricing/quote-service';
import { createPricesSetup } from './services/prices/prices-setup';
import type { ServicesOptions } from './service-container';

/**
 * What the console sets the business up with (issue 33): the notice every process hears when
 * the set-up changes, the activity log every change is written to, and the services of the
 * console's set-up pages over them.
 */
export function consoleSetupServices(
  options: ServicesOptions,
  repositories: Repositories,
  shared: { quotes: QuoteService },
) {
  const configChanges = createConfigChanges(options.handle, options.logger);
  const { activity } = repositories;
  const prices = createPricesSetup({
    db: options.handle.db,
    activity,
    configChanges,
    quotes: shared.quotes,
    clock: options.clock,
  });
  return { configChanges, activity, prices };
}

export type ConsoleSetupServices = ReturnType<typeof consoleSetupServices>;
