import { createHash } from 'node:crypto';
import type { PushSubscriptionRequest } from '../../../contract/web-push';
import { isFinalStatus, type BookingStatus } from '../../../domain/booking-lifecycle';
import { PASSENGER_PUSH_TEXTS, PUSH_BROWSERS_PER_BOOKING } from '../../../domain/passenger-push';
import { HttpError } from '../../errors';
import { notFound, type ManageBookingDeps } from './manage-context';

/** An endpoint as the booking page is told of it: its SHA-256, never the address itself. */
function endpointDigest(endpoint: string): string {
  return createHash('sha256').update(endpoint, 'utf8').digest('hex');
}

/** The booking page's notifications (issue 35): the key, whether it may follow, who does. */
export async function pushView(deps: ManageBookingDeps, bookingId: number, status: BookingStatus) {
  const browsers = await deps.passengerPush.list(bookingId);
  return {
    public_key: deps.webPush.publicKey,
    available: !isFinalStatus(status),
    subscribed: browsers.map((browser) => endpointDigest(browser.endpoint)),
  };
}

/**
 * "Notify me on this phone": the browser follows the booking. Refused (400) for an endpoint not
 * on a push service's host, and (409) once the booking is over. The booking is locked as every
 * change locks it, so a subscription never slips in beside the move that ends the booking and
 * deletes its subscriptions.
 */
export async function followByPush(
  deps: ManageBookingDeps,
  bookingId: number,
  subscription: PushSubscriptionRequest,
): Promise<void> {
  deps.webPush.checkEndpoint(subscription.endpoint);
  await deps.db.transaction().execute(async (trx) => {
    const booking = await deps.manage.lock(bookingId, trx);
    if (!booking) throw notFound();
    if (isFinalStatus(booking.status)) throw new HttpError(409, PASSENGER_PUSH_TEXTS.bookingOver);
    const row = { endpoint: subscription.endpoint, ...subscription.keys };
    await deps.passengerPush.save(bookingId, row, PUSH_BROWSERS_PER_BOOKING, trx);
  });
}
