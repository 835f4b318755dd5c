import { MANAGE_TOKEN_HEADER } from '../../../../contract/paths';
import type { ApiRequestOptions } from '../../../lib/api-client';

/**
 * How the page proves it may see a booking: the manage token of the mail link or the lookup
 * (X-Manage-Token), or a signed-in corporate passenger's bearer token for their own booking.
 */
export type ManageAccess =
  { kind: 'manage-token'; token: string } | { kind: 'corporate'; token: string };

/** The request options that carry `access`. */
export function accessOptions(
  access: ManageAccess,
): Pick<ApiRequestOptions<unknown>, 'token' | 'headers'> {
  return access.kind === 'corporate'
    ? { token: access.token }
    : { headers: { [MANAGE_TOKEN_HEADER]: access.token } };
}

/** A /manage-booking/{n}… path for one booking. */
export function managePath(template: string, bookingNumber: string): string {
  return template.replace(':booking_number', encodeURIComponent(bookingNumber));
}

/** Neither a manage token nor a corporate sign-in: the passenger must look the booking up. */
export class NoAccessError extends Error {
  override readonly name = 'NoAccessError';
  constructor() {
    super('No manage token for this booking on this device');
  }
}
