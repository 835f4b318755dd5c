import type { OfferJobRequest } from '../../../contract/operator';
import type { PushSubscriptionRequest } from '../../../contract/web-push';
import type { JobTarget } from '../operator/console-context';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { offerToDriver } from './console-offer';
import { acceptAs, declineAs } from './driver-answers';
import type { DriverIdentity } from '../driver/driver-auth-service';
import type { JobOffersDeps, JobRef } from './job-offers-deps';
import { createOfferSweeper } from './offer-sweeper';

/**
 * Jobs offered to drivers (issue 34): the console's Offer, the driver's Accept and Decline,
 * the timeout's sweep, and the Web Push subscriptions that announce an offer. Each job has
 * its own module; this binds them to one set of dependencies for the routes and the app.
 */
export function createJobOffersService(deps: JobOffersDeps) {
  return {
    offer: (
      operator: OperatorIdentity,
      target: JobTarget,
      request: OfferJobRequest,
      key: string | undefined,
    ) => offerToDriver(deps, operator, target, request, key),
    accept: (driver: DriverIdentity, ref: JobRef) => acceptAs(deps, driver, ref),
    decline: (driver: DriverIdentity, ref: JobRef, reason: string) =>
      declineAs(deps, driver, ref, reason),
    /** The offer timeout, run by the job queue; tests call `runOnce()`. */
    sweeper: createOfferSweeper(deps, { logger: deps.logger }),
    /** The VAPID public key the driver's browser subscribes with (the driver's me answer). */
    pushPublicKey: (): string => deps.push.publicKey,
    subscribe: (driver: DriverIdentity, subscription: PushSubscriptionRequest) =>
      deps.push.subscribe(driver.id, subscription),
    unsubscribe: (driver: DriverIdentity, endpoint: string) =>
      deps.push.unsubscribe(driver.id, endpoint),
    /** Resolves when every push begun has been sent or given up (tests; the app's close). */
    pushesSent: () => deps.push.idle(),
  };
}

export type JobOffersService = ReturnType<typeof createJobOffersService>;
