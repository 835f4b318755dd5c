/**
 * A UK vehicle registration as the product keeps it (issue 34): capitals and single spaces, as
 * plates show them. The check is loose on purpose: current (AB12 CDE), prefix, suffix, dateless,
 * Northern Irish and cherished plates all pass; what a plate can never be does not.
 */

/** A registration as plates show it: capitals, single spaces. */
export function normaliseRegistration(registration: string): string {
  return registration.trim().toUpperCase().replace(/\s+/g, ' ');
}

/** The registration without its spaces: 'AB12CDE' and 'AB12 CDE' are one vehicle. */
export function registrationKey(registration: string): string {
  return registration.toUpperCase().replace(/\s+/g, '');
}

/** Whether text could be a UK registration: 2 to 8 letters and digits (spaces aside), with both. */
export function isUkRegistration(registration: string): boolean {
  if (!/^[A-Za-z0-9 ]+$/.test(registration)) return false;
  const key = registrationKey(registration);
  return /^[A-Z0-9]{2,8}$/.test(key) && /[A-Z]/.test(key) && /\d/.test(key);
}
