import type { BookingStatus } from './booking-lifecycle';

/**
 * What the driver's app says to a driver (issue 34): its pages, notices and buttons, written
 * once. The server's refusals are its own (driver-messages.ts); the app shows them as sent.
 */

/** The installed app's name, as its manifest (public/driver.webmanifest) gives it. */
export const DRIVER_APP_NAME = 'RideBook Driver';

/** The steps a driver presses, by the status each makes: the buttons' words. */
export const DRIVER_STEP_LABELS = {
  en_route: 'On the way',
  arrived: 'Arrived',
  on_board: 'Passenger on board',
  completed: 'Complete',
  no_show: 'No-show',
} as const satisfies Partial<Record<BookingStatus, string>>;

/** The statuses in which a job is under way: the position is sent and the screen kept on. */
export const JOB_UNDER_WAY_STATUSES: readonly BookingStatus[] = ['en_route', 'arrived', 'on_board'];

/** The apps Navigate opens, the driver's choice (kept on the phone). */
export const NAVIGATION_APPS = ['google', 'waze', 'apple'] as const;
export type NavigationApp = (typeof NAVIGATION_APPS)[number];
export const NAVIGATION_APP_LABELS: Record<NavigationApp, string> = {
  google: 'Google Maps',
  waze: 'Waze',
  apple: 'Apple Maps',
};

/** "1:05" for 65 seconds: the time left to answer an offer. */
function minutesAndSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export const DRIVER_APP_MESSAGES = {
  signInHeading: `Sign in to ${DRIVER_APP_NAME}`,
  signInFailed: 'Something went wrong while signing in. Please try again.',
  checkingSignIn: 'Checking your sign-in…',
  signInCheckFailed: 'We could not check your sign-in. Please try again.',
  noSignalFirstStart:
    'No signal: the app needs it once to sign you in. Try again when you have signal.',
  setPasswordHeading: 'Set your password',
  setPasswordFor: (name: string, email: string) => `${DRIVER_APP_NAME}, for ${name} (${email})`,
  invitationMissing:
    'This link is not complete. Open the link in the latest invitation mail, or ask your office to send it again.',
  checkingLink: 'Checking your link…',
  setPasswordFailed: 'Something went wrong. Please try again.',
  myJobs: 'My jobs',
  today: 'Today',
  upcoming: 'Upcoming',
  noJobsToday: 'No jobs today.',
  noJobsUpcoming: 'No upcoming jobs.',
  loadingJobs: 'Loading your jobs…',
  jobsFailed: 'We could not load your jobs. Please try again.',
  loadingJob: 'Loading the job…',
  jobFailed: 'We could not load this job. Please try again.',
  jobGone:
    'This job is no longer yours: it was cancelled or given to another driver. Your office can tell you more.',
  offer: 'Offer',
  passengersAndLuggage: (passengers: number, luggage: number) =>
    `${passengers} ${passengers === 1 ? 'passenger' : 'passengers'}, ${luggage} ${luggage === 1 ? 'case' : 'cases'}`,
  offerTimeLeft: (seconds: number) => `${minutesAndSeconds(seconds)} left to answer`,
  offerExpired: 'This offer has run out of time.',
  offerAccepted: (jobRef: string) => `You accepted job ${jobRef}.`,
  offerDeclined: (jobRef: string) => `You declined job ${jobRef}.`,
  declineTitle: 'Decline this job',
  reasonRequired: 'Give a reason',
  offline: 'No signal: these are your jobs as last loaded.',
  lastLoaded: (time: string) => `Last loaded at ${time}.`,
  liveFallback: 'Live updates are off: your jobs are checked every 15 seconds.',
  onDutyHint: 'While you are on duty, your office sees where you are.',
  positionNotice: 'Your position is sent only while this app is open on screen.',
  dutyFailed: 'Could not change your duty: check your signal and try again.',
  pressWaiting: 'Waiting for signal — will send',
  pressSending: 'Sending…',
  pressSent: 'Sent',
  pressRefused: 'Not recorded',
  /** A press the server would not take (404, 409): the booking changed while it waited. */
  pressRefusedNotice: (jobRef: string, step: string, reason: string) =>
    `Job ${jobRef}: your “${step}” press was not recorded, because the booking changed meanwhile (cancelled, or given to another driver). ${reason}`,
  /** A press the server would not take for another reason (too old, say): its words. */
  pressRefusedOther: (jobRef: string, step: string, reason: string) =>
    `Job ${jobRef}: your “${step}” press was not recorded. ${reason}`,
  noShowFrom: (time: string) => `No-show can be pressed from ${time}.`,
  notificationsOn: 'Notifications are on: new offers reach you even when the app is closed.',
  notificationsBlocked:
    'Notifications are blocked for this site: allow them in your browser’s settings.',
  notificationsFailed: 'Could not turn on notifications. Please try again.',
  jobUnderWay: 'The screen stays on while a job is under way.',
} as const;
