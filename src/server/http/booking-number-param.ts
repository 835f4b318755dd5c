import type { FastifyRequest } from 'fastify';
import { OPERATOR_MESSAGES } from '../../domain/messages';
import { HttpError } from '../errors';

/** A booking number as a path gives it, or 404: digits and capitals only, so nothing odd reaches a query. */
export function checkedBookingNumber(value: string): string {
  if (!/^[A-Z0-9]{1,20}$/i.test(value)) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
  return value.toUpperCase();
}

/** The {booking_number} of a console path, checked. */
export function bookingNumberOf(request: FastifyRequest): string {
  return checkedBookingNumber((request.params as { booking_number?: string }).booking_number ?? '');
}
