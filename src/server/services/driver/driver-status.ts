import { waitFrom } from '../../../domain/flights';
import type { Transaction } from 'kysely';
import type { DriverJob, DriverStatusRequest } from '../../../contract/driver';
import type { JobLeg } from '../../../domain/booking-jobs';
import type { DriverAppSettings } from '../../../domain/driver-app-settings';
import { noShowFrom } from '../../../domain/driver-jobs';
import { DRIVER_MESSAGES } from '../../../domain/driver-messages';
import { CHANGE_MESSAGES } from '../../../domain/messages';
import { londonTimeOfDay } from '../../../domain/uk-time';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import { requestHash, type Idempotency } from '../../lib/idempotency';
import type { DriverJobsRepository } from '../../repositories/driver-jobs-repository';
import type { OperatorBookingsRepository } from '../../repositories/operator-bookings-repository';
import type { StampedPress } from '../../repositories/booking-history-repository';
import { changeContext, type ChangeContext, type ChangeDeps } from '../booking-changes/change-deps';
import { stepJob } from '../booking-changes/job-steps';
import type { DriverIdentity } from './driver-auth-service';
import { toDriverJob } from './driver-job-mapper';
import { driverAppContext, driverScope } from './driver-jobs';

/** A press made offline is accepted this long after it was made; older ones are refused. */
export const PRESS_MAX_AGE_HOURS = 2;
/** A phone's clock may run this far ahead of ours. */
const PRESS_MAX_AHEAD_MS = 2 * 60_000;

export interface DriverStatusDeps extends ChangeDeps {
  operatorBookings: Pick<OperatorBookingsRepository, 'lockInScope'>;
  driverJobs: DriverJobsRepository;
  idempotency: Idempotency;
}

type Prepared = ChangeContext & { app: { settings: DriverAppSettings; sitePhone: string } };

/** When the press was made, or the 400 naming `at` when it is too old or ahead of us. */
function pressTime(at: string, now: Date): Date {
  const pressed = new Date(at);
  const age = now.getTime() - pressed.getTime();
  if (age > PRESS_MAX_AGE_HOURS * 3_600_000) {
    throw new RequestValidationError([
      { path: 'at', message: DRIVER_MESSAGES.pressTooOld(PRESS_MAX_AGE_HOURS) },
    ]);
  }
  if (-age > PRESS_MAX_AHEAD_MS) {
    throw new RequestValidationError([{ path: 'at', message: DRIVER_MESSAGES.pressInFuture }]);
  }
  return pressed;
}

/**
 * A status press from the driver's app (issue 34), through the one change path: stepJob with
 * the driver as the actor, the phone's time and position stamped on the history row beside
 * the server's. The booking's row is locked as the console's changes lock it, so a press and a
 * dispatcher's change never cross. With an Idempotency-Key a press sent again (the app's
 * offline outbox) gets the first answer and changes nothing.
 */
export function createDriverStatus(deps: DriverStatusDeps) {
  return {
    async press(
      driver: DriverIdentity,
      job: { bookingNumber: string; leg: JobLeg },
      press: DriverStatusRequest,
      key: string | undefined,
    ): Promise<DriverJob> {
      const answer = await deps.idempotency.run<DriverJob, Prepared>(
        {
          scope: `driver-status:${driver.id}`,
          key,
          hash: requestHash({ ...job, ...press }),
          now: deps.clock(),
        },
        async () => ({
          ...(await changeContext(deps)),
          app: await driverAppContext(deps.settings),
        }),
        async (trx, prepared) => ({
          statusCode: 200,
          body: await pressIn(deps, trx, { driver, job, press, prepared }),
        }),
      );
      deps.mailQueued();
      return answer.body;
    },
  };
}

/** The press in the caller's transaction; answers the job as it is after it. */
async function pressIn(
  deps: DriverStatusDeps,
  trx: Transaction<Database>,
  input: {
    driver: DriverIdentity;
    job: { bookingNumber: string; leg: JobLeg };
    press: DriverStatusRequest;
    prepared: Prepared;
  },
): Promise<DriverJob> {
  const { driver, job, press, prepared } = input;
  const now = deps.clock();
  const stamp: StampedPress = {
    at: pressTime(press.at, now),
    lat: press.lat ?? null,
    lng: press.lng ?? null,
    accuracy: press.accuracy ?? null,
  };
  const booking = await deps.operatorBookings.lockInScope(
    { companyId: driver.companyId },
    job.bookingNumber,
    trx,
  );
  if (!booking) throw new HttpError(404, DRIVER_MESSAGES.jobNotFound);
  const jobs = await deps.jobs.lockAll(booking.id, trx);
  const locked = jobs.find((each) => each.leg === job.leg);
  if (!locked) throw new HttpError(404, DRIVER_MESSAGES.jobNotFound);
  const target = { bookingId: booking.id, leg: job.leg };
  if (locked.driver_id !== driver.id) {
    const note = CHANGE_MESSAGES.driverAssigned(driver.name, '');
    if (!(await deps.driverJobs.wasDrivers(trx, target, { id: driver.id, assignedNote: note }))) {
      throw new HttpError(404, DRIVER_MESSAGES.jobNotFound);
    }
    throw new HttpError(
      409,
      locked.status === 'cancelled' ? DRIVER_MESSAGES.jobCancelled : DRIVER_MESSAGES.notYours,
    );
  }
  if (locked.status === 'cancelled') throw new HttpError(409, DRIVER_MESSAGES.jobCancelled);
  if (press.status === 'no_show') {
    await checkNoShowWait(
      deps,
      trx,
      { booking, leg: job.leg, status: locked.status },
      {
        pressedAt: new Date(Math.min(stamp.at.getTime(), now.getTime())),
        waitMinutes: prepared.app.settings.noShowWaitMinutes,
      },
    );
  }
  const actor = { kind: 'driver' as const, id: driver.id, name: driver.name, press: stamp };
  await stepJob(
    deps,
    trx,
    prepared,
    { booking, jobs, job: locked, actor },
    { to: press.status, note: '' },
  );
  const after = await deps.driverJobs.find(
    driverScope(driver, now),
    job.bookingNumber,
    job.leg,
    trx,
  );
  if (!after) throw new HttpError(404, DRIVER_MESSAGES.jobNotFound);
  return toDriverJob(after, { driverId: driver.id, now, ...prepared.app });
}

/**
 * The 409 of a No-show pressed before the wait is over: only after Arrived (the lifecycle says
 * so too), NO_SHOW_WAIT_MINUTES from the Arrived press, and never before the pickup time (or
 * the meet time a tracked flight set).
 */
async function checkNoShowWait(
  deps: DriverStatusDeps,
  trx: Transaction<Database>,
  job: {
    booking: { id: number; pickup_at: Date | string; return_at: Date | string | null };
    leg: JobLeg;
    status: DriverJob['status'];
  },
  when: { pressedAt: Date; waitMinutes: number },
): Promise<void> {
  if (job.status !== 'arrived') return; // stepJob refuses it with the lifecycle's words
  const pickup =
    job.leg === 'return' ? (job.booking.return_at ?? job.booking.pickup_at) : job.booking.pickup_at;
  const from = noShowFrom({
    status: job.status,
    arrivedAt: await deps.driverJobs.arrivedAt(trx, job.booking.id, job.leg),
    waitMinutes: when.waitMinutes,
    pickupAt: waitFrom(
      new Date(pickup),
      await deps.flightTracks.meetAt(job.booking.id, job.leg, trx),
    ),
  });
  if (from !== null && when.pressedAt.getTime() < from.getTime()) {
    throw new HttpError(409, DRIVER_MESSAGES.noShowNotYet(londonTimeOfDay(from), when.waitMinutes));
  }
}

export type DriverStatus = ReturnType<typeof createDriverStatus>;
