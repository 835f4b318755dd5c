import type { Repositories } from './repositories/all-repositories';
import type { ServicesOptions } from './services-options';
import type { JobData } from './services/job-queue/job-kinds';
import { sendPassengerPush } from './services/passenger-push/send-passenger-push';
import type { WebPush } from './services/web-push/web-push';

/** The passenger's notifications (issue 35): the passenger-push job's work, over the one sender. */
export function passengerPushServices(
  options: ServicesOptions,
  repositories: Pick<Repositories, 'passengerPush'>,
  webPush: WebPush,
) {
  const deps = { passengerPush: repositories.passengerPush, webPush, logger: options.logger };
  return { send: (job: JobData<'passenger-push'>) => sendPassengerPush(deps, job) };
}
