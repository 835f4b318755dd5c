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
} as const;
