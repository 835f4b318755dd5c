import { useCallback, useEffect, useState } from 'react';
import { forgetPushSubscription, savePushSubscription } from '../api/push-subscription';
import { browserCanPush, subscribeThisBrowser, subscriptionBody } from '../../../lib/web-push';

/** unsupported: no key or no Push in this browser; the rest is where the driver is. */
export type PushState = 'unsupported' | 'off' | 'on' | 'blocked' | 'working' | 'failed';

function pushSupported(publicKey: string | null): publicKey is string {
  return publicKey !== null && browserCanPush();
}

/** Sends the subscription to the server, as PushSubscription.toJSON() gives it. */
async function save(subscription: PushSubscription): Promise<void> {
  await savePushSubscription(subscriptionBody(subscription));
}

/** How long sign-out waits for the server to forget the subscription: it must not hang. */
const FORGET_WAIT_MS = 3_000;

/**
 * Signing out: the server forgets this phone's subscription, so a phone left signed out is
 * sent no more offers. The browser keeps it: whoever signs in next sends it again (on start,
 * with notifications allowed) and gets their own offers. Only when the server could not be
 * told is it dropped in the browser, so the push service answers gone and the server forgets
 * it at its next send. Best effort: sign-out goes on whatever fails.
 */
export async function forgetThisPhone(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    try {
      await forgetPushSubscription(subscription.endpoint, AbortSignal.timeout(FORGET_WAIT_MS));
    } catch (error) {
      console.warn('The server could not forget the push subscription: dropping it', error);
      await subscription.unsubscribe();
    }
  } catch (error) {
    console.warn('Could not drop the push subscription', error);
  }
}

/**
 * Web Push for offers while the app is closed: where it stands, and Turn on notifications
 * (asks the browser's permission, subscribes through the service worker and sends the
 * subscription to the server). A phone already subscribed sends its subscription again on
 * each start, so a server that lost it gets it back.
 */
export function usePushNotifications(publicKey: string | null) {
  const supported = pushSupported(publicKey);
  const [state, setState] = useState<PushState>(() => {
    if (!supported) return 'unsupported';
    return Notification.permission === 'denied' ? 'blocked' : 'off';
  });

  useEffect(() => {
    if (!pushSupported(publicKey) || Notification.permission !== 'granted') return;
    let stopped = false;
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then(async (subscription) => {
        if (!subscription || stopped) return;
        await save(subscription);
        if (!stopped) setState('on');
      })
      .catch((error: unknown) => console.warn('Could not renew the push subscription', error));
    return () => {
      stopped = true;
    };
  }, [publicKey]);

  const turnOn = useCallback(async () => {
    if (!pushSupported(publicKey)) return;
    setState('working');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return setState(permission === 'denied' ? 'blocked' : 'off');
      await save(await subscribeThisBrowser(publicKey));
      setState('on');
    } catch (error) {
      console.error('Could not turn on notifications', error);
      setState('failed');
    }
  }, [publicKey]);

  return { state, turnOn };
}
