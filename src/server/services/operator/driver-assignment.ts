import type { AssignDriverRequest, OperatorBooking } from '../../../contract/operator';
import { requestHash } from '../../lib/idempotency';
import { changeContext, type ChangeContext } from '../booking-changes/change-deps';
import { assignJob } from '../booking-changes/job-steps';
import { bookingInScope, showBooking } from './console-booking-detail';
import { operatorActor, type ConsoleBookingsDeps, type JobTarget } from './console-context';
import type { OperatorIdentity } from './operator-auth-service';

/**
 * Puts a driver and the vehicle they drive today on a job through the one change path:
 * Driver assigned (job-steps.ts, assignJob). With an Idempotency-Key a repeat assigns and mails nothing more.
 */
export async function assignDriver(
  deps: ConsoleBookingsDeps,
  operator: OperatorIdentity,
  target: JobTarget,
  request: AssignDriverRequest,
  key: string | undefined,
): Promise<OperatorBooking> {
  const { bookingNumber, leg } = target;
  const answer = await deps.idempotency.run<OperatorBooking, ChangeContext>(
    {
      scope: `operator-assign:${operator.id}`,
      key,
      hash: requestHash({ bookingNumber, leg, ...request }),
      now: deps.clock(),
    },
    () => changeContext(deps),
    async (trx, ctx) => {
      const { row, jobs, job } = await bookingInScope(deps, trx, operator, target);
      await assignJob(
        deps,
        trx,
        ctx,
        { booking: row, jobs, job, actor: operatorActor(operator) },
        {
          driverId: request.driver_id,
          vehicleId: request.vehicle_id,
          vehicleRegistration: request.vehicle_registration,
        },
      );
      return { statusCode: 200, body: await showBooking(deps, row.id, trx) };
    },
  );
  deps.mailQueued();
  return answer.body;
}
