import type { Config } from './config';
import type { JobData } from './services/job-queue/job-kinds';
import type { JobQueue } from './services/job-queue/job-queue';
import type { MailSender } from './services/mail/mail-sender';
import type { RetentionPurge } from './services/retention/retention-purge';
import type { Ledger } from './services/ledger/ledger';
import type { OfferSweeper } from './services/job-offers/offer-sweeper';

/** What the background jobs run: each job's work lives with its service. */
export interface BackgroundWork {
  mailSender: MailSender;
  retention: RetentionPurge;
  ledger: Ledger;
  sweeper: OfferSweeper;
  /** One text to a passenger, once (services/texts/send-text.ts). */
  sendText: (smsId: number) => Promise<void>;
  /** One look at a tracked flight (services/flights/flight-look.ts); none without a key. */
  lookAtFlight?: (job: JobData<'flight-look'>) => Promise<void>;
  /** One notification to a passenger's browser (services/passenger-push/). */
  sendPassengerPush: (job: JobData<'passenger-push'>) => Promise<void>;
}

/**
 * Every handler this process runs on the job queue (issue 35). An interval of 0 leaves that
 * work to other processes or to tests (MAIL_POLL_INTERVAL_MS=0: mail only by drain()).
 */
export function registerBackgroundJobs(queue: JobQueue, work: BackgroundWork, config: Config) {
  const { mailSender, retention, ledger, sweeper } = work;
  if (config.MAIL_POLL_INTERVAL_MS > 0) {
    // A job comes with each mail (delivery-job.ts); the sweep takes retries as they come due.
    const pollSeconds = config.MAIL_POLL_INTERVAL_MS / 1000;
    queue.handle('mail-outbox', () => mailSender.pass().then(() => undefined), pollSeconds);
    queue.every('mail-outbox-sweep', config.MAIL_POLL_INTERVAL_MS, () => mailSender.pass());
  }
  queue.handle('sms-send', ({ smsId }) => work.sendText(smsId));
  const { lookAtFlight } = work;
  // Polled no less often than the flights are looked at (FLIGHT_POLL_NEAR_SECONDS), at most 5 s.
  const flightPollSeconds = Math.min(5, config.FLIGHT_POLL_NEAR_SECONDS);
  if (lookAtFlight) queue.handle('flight-look', (job) => lookAtFlight(job), flightPollSeconds);
  queue.handle('passenger-push', (job) => work.sendPassengerPush(job));
  queue.every('refund-retry', config.REFUND_RETRY_MS, () => ledger.retryDue());
  queue.every('retention-purge', config.RETENTION_INTERVAL_MS, () => retention.runOnce());
  if (config.OFFER_SWEEP_INTERVAL_MS > 0) {
    queue.handle('offer-timeout', async ({ bookingId, leg, driverId }) => {
      await sweeper.endOne({ booking_id: bookingId, leg, driverId });
    });
    // For an offer whose job ran before the app's clock had passed its time.
    queue.every('offer-sweep', config.OFFER_SWEEP_INTERVAL_MS, () => sweeper.runOnce());
  }
}
