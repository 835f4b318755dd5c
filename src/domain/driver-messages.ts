/**
 * What the driver's app and the server say to a driver (issue 34): sign-in, invitations, jobs
 * and status presses, written once so the server's refusals and the app's notices agree.
 */

/** How long a driver's session lasts without use: a shift, as the console's 12 hours. */
export const DRIVER_IDLE_HOURS = 12;

export const DRIVER_MESSAGES = {
  invalidCredentials: 'Email or password is incorrect.',
  signInRequired: 'Please sign in to the driver app.',
  crossOrigin: 'This request must come from the driver app itself.',
  /** Sign-in of a driver whose company the admin deactivated. */
  companyInactive:
    'Your company’s account is deactivated, so its driver app is closed. Ask your office.',
} as const;
