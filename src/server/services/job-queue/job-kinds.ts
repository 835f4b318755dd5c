import type { JobLeg } from '../../../domain/booking-jobs';
import type { PushMessage } from '../../../contract/web-push';
import type { MessageEvent } from '../../../domain/passenger-messages';
import type { PushSubscriptionRow } from '../../repositories/push-subscription-row';

/**
 * Every kind of background job, with how its queue retries (issue 35). A repeating pass (a
 * sweep, the purge) is one job per interval across processes (job-queue.ts `every`).
 */
export const JOB_KINDS = {
  /** A delivery pass over the mail outbox (the outbox rows keep their own retry times). */
  'mail-outbox': { policy: 'standard', retryLimit: 3, retryDelay: 5, retryBackoff: true },
  /** The outbox's backstop pass, for retries that came due. */
  'mail-outbox-sweep': { policy: 'standard' },
  /** Failed card refunds asked for again (the payment rows keep their own backoff). */
  'refund-retry': { policy: 'standard' },
  /** Old quotes, checkouts, mail bodies and loose positions removed. */
  'retention-purge': { policy: 'standard' },
  /** One offer to a driver, ended when its time runs out. */
  'offer-timeout': { policy: 'standard', retryLimit: 5, retryDelay: 5, retryBackoff: true },
  /** The offers' backstop pass. */
  'offer-sweep': { policy: 'standard' },
  /** One look at a tracked flight; each look queues the next (flight-look.ts). */
  'flight-look': { policy: 'standard', retryLimit: 3, retryDelay: 30, retryBackoff: true },
  /** One text message to a passenger. */
  'sms-send': {
    policy: 'standard',
    retryLimit: 8,
    retryDelay: 15,
    retryBackoff: true,
    expireInSeconds: 120,
  },
  /** One notification to one of a passenger's browsers (Web Push). */
  'passenger-push': {
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 60,
  },
} as const satisfies Record<
  string,
  {
    policy: 'standard';
    retryLimit?: number;
    retryDelay?: number;
    retryBackoff?: boolean;
    expireInSeconds?: number;
  }
>;

export type JobName = keyof typeof JOB_KINDS;

/** What each job carries. */
export interface JobPayloads {
  'mail-outbox': Record<string, never>;
  'mail-outbox-sweep': Record<string, never>;
  'refund-retry': Record<string, never>;
  'retention-purge': Record<string, never>;
  'offer-timeout': { bookingId: number; leg: string; driverId: number };
  'offer-sweep': Record<string, never>;
  'sms-send': { smsId: number };
  /** `generation`: the start of tracking it looks for (absent: the first, before migration 0031). */
  'flight-look': { bookingId: number; leg: JobLeg; generation?: number };
  'passenger-push': {
    bookingId: number;
    event: MessageEvent;
    /** A copy: the cancellation is sent after the booking's end deleted the row. */
    subscription: PushSubscriptionRow;
    message: PushMessage;
  };
}

export type JobData<N extends JobName> = JobPayloads[N];
