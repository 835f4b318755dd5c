import type { FastifyBaseLogger } from 'fastify';
import type { PassengerPushRepository } from '../../repositories/passenger-push-repository';
import type { JobData } from '../job-queue/job-kinds';
import { refusedHost, type WebPush } from '../web-push/web-push';

/**
 * How long a push service keeps a notification for a phone that is off: the passenger is told
 * about a ride that is near, and an hour later the news is old (the booking page has it).
 */
export const PASSENGER_PUSH_TTL_SECONDS = 3600;

export interface SendPassengerPushDeps {
  passengerPush: Pick<PassengerPushRepository, 'follows' | 'remove'>;
  webPush: WebPush;
  logger: FastifyBaseLogger;
}

/**
 * The passenger-push job: one notification to one browser. Sent only while the browser still
 * follows the booking (turned off, or the booking ended since: nothing), except the
 * cancellation, the notice of the end itself, whose subscription was deleted with the booking's
 * end. A subscription the push service says is gone, or one the sender refuses (not a push
 * service's address), is forgotten; any other failure throws, so the queue tries again with
 * backoff.
 */
export async function sendPassengerPush(
  deps: SendPassengerPushDeps,
  job: JobData<'passenger-push'>,
): Promise<void> {
  const { bookingId, subscription } = job;
  const final = job.event === 'booking_cancelled';
  if (!final && !(await deps.passengerPush.follows(bookingId, subscription.endpoint))) return;
  try {
    const sent = await deps.webPush.deliver(subscription, job.message, PASSENGER_PUSH_TTL_SECONDS);
    if (sent === 'sent') return;
    await deps.passengerPush.remove(subscription.endpoint);
    if (sent === 'gone') {
      deps.logger.info({ bookingId }, 'passenger push subscription gone: removed');
    } else {
      const refused = { bookingId, ...refusedHost(subscription) };
      deps.logger.warn(refused, 'passenger push subscription refused: removed');
    }
  } catch (error) {
    deps.logger.warn({ err: error, bookingId }, 'passenger notification not sent');
    throw error;
  }
}
