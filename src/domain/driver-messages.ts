/**
 * What the driver's app and the server say to a driver (issue 34): sign-in, invitations, jobs
 * and status presses, written once so the server's refusals and the app's notices agree.
 */

import { INVITATION_VALID_HOURS } from './console-account-messages';

/** How long a driver's session lasts without use: a shift, as the console's 12 hours. */
export const DRIVER_IDLE_HOURS = 12;

export const DRIVER_MESSAGES = {
  invalidCredentials: 'Email or password is incorrect.',
  signInRequired: 'Please sign in to the driver app.',
  crossOrigin: 'This request must come from the driver app itself.',
  /** Sign-in of a driver whose company the admin deactivated. */
  companyInactive:
    'Your company’s account is deactivated, so its driver app is closed. Ask your office.',
  /** The console's Invite to the driver app, refused. */
  noEmail: "email is missing: add the driver's email on the Drivers page, then send the invitation",
  inviteInactive: 'This driver is deactivated: reactivate them before sending the invitation',
  invitationUnknown:
    'This link is not valid. It may have been replaced by a newer invitation: use the link in the latest one, or ask your office to send the invitation again.',
  invitationUsed:
    'This link has already been used to set a password. Sign in with that password, or ask your office to send the invitation again if you did not use it.',
  invitationExpired: `This link has expired: links work for ${INVITATION_VALID_HOURS} hours. Ask your office to send the invitation again.`,
  passwordSet: 'Your password is set and you are signed in.',
  jobNotFound: 'Job not found',
  /** A status press refused: the job changed while the press waited to be sent. */
  jobCancelled: 'This job was cancelled: the office cancelled it, so your press was not recorded.',
  notYours:
    'This job is no longer yours: the office gave it to another driver, so your press was not recorded.',
  pressTooOld: (hours: number) =>
    `at must be within the last ${hours} hours: a press older than that is not recorded. Tell the office what happened.`,
  pressInFuture: "at must not be in the future: check the phone's date and time",
  noShowNotYet: (time: string, minutes: number) =>
    `No-show can be pressed from ${time}, ${minutes} minutes after Arrived (and not before the pickup time). Wait for the passenger until then.`,
} as const;

/** What the driver collects for a job, as the list and the job page say it. */
export const COLLECT_MESSAGES = {
  collectInCar: (amount: string) => `Collect ${amount} in the car`,
  paid: 'Paid',
  paidInCar: 'Paid in the car',
  onAccount: 'On account',
  nothingToCollect: 'Nothing to collect',
} as const;

/** Who the driver's Call button rings. */
export const CALL_LABELS = {
  passenger: (firstName: string) => (firstName ? `Call ${firstName}` : 'Call the passenger'),
  office: 'Call the office',
} as const;
