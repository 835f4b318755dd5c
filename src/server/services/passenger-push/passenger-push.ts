import type { Transaction } from 'kysely';
import { ROUTES } from '../../../contract/app-routes';
import { pushTitle } from '../../../domain/passenger-push';
import type { Database } from '../../db/schema';
import type { PassengerPushRepository } from '../../repositories/passenger-push-repository';
import type { TextMessagesRepository } from '../../repositories/text-messages-repository';
import type { JobQueue } from '../job-queue/job-queue';
import { passengerWords, type PassengerEvent, type WordsDeps } from '../messages/passenger-words';

/** What queueing a notification is done with: the change path's own dependencies. */
export interface PushDeps extends WordsDeps {
  passengerPush: PassengerPushRepository;
  texts: Pick<TextMessagesRepository, 'facts'>;
  queue: JobQueue;
}

/** The passenger's booking page, which a notification opens. */
function bookingPage(bookingNumber: string): string {
  return ROUTES.manageBookingDetail.replace(':bookingNumber', encodeURIComponent(bookingNumber));
}

/**
 * Queues the notification of `event` on one journey to each browser following the booking, in
 * the change's transaction, whatever the passenger chose for texts: one passenger-push job per
 * browser, so a push service's failure retries only its own. Each job carries its copy of the
 * subscription and of the words (the text's, without the link: a press on the notification
 * opens the booking page). The page's address carries no token: the browser that subscribed
 * keeps the booking's (stored-bookings.ts), and a notification is no place for one.
 */
export async function pushPassenger(
  deps: PushDeps,
  trx: Transaction<Database>,
  about: PassengerEvent,
): Promise<void> {
  const browsers = await deps.passengerPush.list(about.bookingId, trx);
  if (browsers.length === 0) return;
  const facts = await deps.texts.facts(about.bookingId, about.leg, trx);
  if (!facts) return;
  const message = {
    title: pushTitle(facts.bookingNumber),
    body: await passengerWords(deps, trx, facts, { ...about, channel: 'push' }),
    url: bookingPage(facts.bookingNumber),
  };
  for (const subscription of browsers) {
    await deps.queue.add(
      'passenger-push',
      { bookingId: about.bookingId, event: about.event, subscription, message },
      { trx },
    );
  }
}

/**
 * The booking has ended (its last journey completed, cancelled or a no-show): no browser
 * follows it any more. Deleted in the transaction of the move that ended it, so no later
 * change can find them; the cancellation's notice was queued just before with its own copy of
 * each subscription, and is the one job sent without one (send-passenger-push.ts).
 */
export async function endPassengerPush(
  deps: Pick<PushDeps, 'passengerPush'>,
  trx: Transaction<Database>,
  bookingId: number,
): Promise<void> {
  await deps.passengerPush.removeAll(bookingId, trx);
}
