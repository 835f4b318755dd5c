import type { PushMessage } from '../../../contract/web-push';
import type { OfferJobRequest, OperatorBooking } from '../../../contract/operator';
import { DRIVER_ROUTES } from '../../../contract/app-routes';
import { OFFER_MESSAGES } from '../../../domain/offer-messages';
import { formatDateGB } from '../../../domain/time';
import { requestHash } from '../../lib/idempotency';
import { offerJob, type OfferMade } from '../booking-changes/offer-job';
import { bookingInScope, showBooking } from '../operator/console-booking-detail';
import { operatorActor, type JobTarget } from '../operator/console-context';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import type { JobOffersDeps } from './job-offers-deps';

/** The notification of a new offer: when and where it starts, and the job's page in the app. */
export function offerPushMessage(job: {
  job_ref: string;
  pick_up_date: string;
  pick_up_time: string;
  pick_up_address: string;
  drop_off_address: string;
}): PushMessage {
  const when = `${formatDateGB(job.pick_up_date)} ${job.pick_up_time}`.trim();
  return {
    title: OFFER_MESSAGES.pushTitle,
    body: OFFER_MESSAGES.pushBody(when, job.pick_up_address, job.drop_off_address),
    url: DRIVER_ROUTES.job.replace(':jobRef', encodeURIComponent(job.job_ref)),
  };
}

/**
 * The console offers a job to a driver with a vehicle (POST /operator/jobs/{job_ref}/offer),
 * through the one change path, and after the commit the driver's phones are sent a push. With
 * an Idempotency-Key a repeat offers, and pushes, nothing more.
 */
export async function offerToDriver(
  deps: JobOffersDeps,
  operator: OperatorIdentity,
  target: JobTarget,
  request: OfferJobRequest,
  key: string | undefined,
): Promise<OperatorBooking> {
  const { bookingNumber, leg } = target;
  let made: OfferMade | undefined;
  const answer = await deps.idempotency.run<OperatorBooking, undefined>(
    {
      scope: `operator-offer:${operator.id}`,
      key,
      hash: requestHash({ bookingNumber, leg, ...request }),
      now: deps.clock(),
    },
    async () => undefined,
    async (trx) => {
      const { row, jobs, job } = await bookingInScope(deps, trx, operator, target);
      made = await offerJob(
        deps,
        trx,
        { booking: row, jobs, job, actor: operatorActor(operator) },
        {
          driverId: request.driver_id,
          vehicleId: request.vehicle_id,
          timeoutSeconds: deps.offerTimeoutSeconds,
        },
      );
      return { statusCode: 200, body: await showBooking(deps, row.id, trx) };
    },
  );
  const offered = answer.body.jobs.find((each) => each.leg === leg);
  if (made && offered) {
    deps.push.notify(made.driverId, offerPushMessage(offered), deps.offerTimeoutSeconds);
  }
  return answer.body;
}
