import { useEffect, useState } from 'react';
import type { ManagedBooking } from '../../../../contract/manage-booking';
import { PASSENGER_PUSH_TEXTS } from '../../../../domain/passenger-push';
import { failureMessage } from '../../../lib/failure-message';
import {
  browserCanPush,
  endpointDigest,
  pushNeedsHomeScreen,
  subscribeThisBrowser,
  subscriptionBody,
  thisBrowsersSubscription,
} from '../../../lib/web-push';
import { usePushChoice } from '../api/push-subscription';
import type { ManageAccess } from '../lib/access';

/**
 * hidden: nothing to offer (no key, the booking is over, or no Push in this browser);
 * home-screen: an iPhone's browser, where only a Home Screen app may have notifications.
 */
export type BookingPushOffer = 'hidden' | 'home-screen' | 'button';

/** This browser's subscription: its endpoint and the digest the server's answer names it by. */
type ThisBrowser = { endpoint: string; digest: string };

async function known(subscription: PushSubscription | null): Promise<ThisBrowser | null> {
  if (!subscription) return null;
  return { endpoint: subscription.endpoint, digest: await endpointDigest(subscription.endpoint) };
}

/**
 * "Notify me on this phone" (issue 35): what the booking page may offer, whether this browser
 * follows the booking (the server's answer names its followers by their endpoint's digest),
 * and turning it on (the browser's permission, its subscription, then the server) or off (the
 * server only: the browser's one subscription may follow other bookings, or the driver app).
 */
export function useBookingPush(booking: ManagedBooking, access: ManageAccess) {
  const { public_key: publicKey, available, subscribed } = booking.push;
  const { follow, stop } = usePushChoice();
  const [browser, setBrowser] = useState<ThisBrowser | null>(null);
  const [asking, setAsking] = useState(false);
  const canPush = browserCanPush();
  // Blocked before: said at once, with the way to allow them.
  const [problem, setProblem] = useState<string | null>(() =>
    canPush && Notification.permission === 'denied' ? PASSENGER_PUSH_TEXTS.blocked : null,
  );

  let offer: BookingPushOffer = 'hidden';
  if (publicKey && available) {
    if (canPush) offer = 'button';
    else if (pushNeedsHomeScreen()) offer = 'home-screen';
  }

  useEffect(() => {
    if (!canPush) return;
    let stopped = false;
    void thisBrowsersSubscription()
      .then(known)
      .then((found) => {
        if (!stopped) setBrowser(found);
      })
      .catch((error: unknown) => console.warn('Could not read the push subscription', error));
    return () => {
      stopped = true;
    };
  }, [canPush]);

  const target = { bookingNumber: booking.booking_number, access };
  async function turnOn() {
    if (!publicKey) return;
    setProblem(null);
    setAsking(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return setProblem(PASSENGER_PUSH_TEXTS.blocked);
      if (permission !== 'granted') return;
      const subscription = await subscribeThisBrowser(publicKey);
      await follow.mutateAsync({ ...target, body: subscriptionBody(subscription) });
      setBrowser(await known(subscription));
    } catch (error) {
      console.error('Could not turn on notifications', error);
      setProblem(failureMessage(error, PASSENGER_PUSH_TEXTS.failed));
    } finally {
      setAsking(false);
    }
  }

  async function turnOff() {
    if (!browser) return;
    setProblem(null);
    try {
      await stop.mutateAsync({ ...target, endpoint: browser.endpoint });
    } catch (error) {
      setProblem(failureMessage(error, PASSENGER_PUSH_TEXTS.offFailed));
    }
  }

  return {
    offer,
    on: browser !== null && subscribed.includes(browser.digest),
    working: asking || follow.isPending || stop.isPending,
    problem,
    turnOn,
    turnOff,
  };
}
