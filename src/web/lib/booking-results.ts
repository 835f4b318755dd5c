import * as z from 'zod/mini';
import {
  bookingDataSchema,
  bookingRequestSchema,
  type BookingData,
  type BookingRequestInput,
} from '../../contract/bookings';

/**
 * What the result page needs after the booking drafts are gone (spec section 4 clears them
 * on success): the booking the server answered, and for a card payment the exact request
 * that finalises its checkout session, so a reload sends the same request with the same key
 * and shows the same booking. Kept in sessionStorage: this tab only, gone when it closes.
 */

const PREFIX = 'ridebook.';
const bookingKey = (bookingNumber: string) => `${PREFIX}booking.${bookingNumber}`;
const checkoutKey = (sessionId: string) => `${PREFIX}checkout.${sessionId}`;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Blocked storage (privacy settings, some webviews): the page still works until a reload.
    return undefined;
  }
}

function read<T>(key: string, schema: z.core.$ZodType<T>): T | undefined {
  const text = storage()?.getItem(key);
  if (!text) return undefined;
  try {
    const parsed = z.safeParse(schema, JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.error('Could not keep the booking for this tab', error);
  }
}

/** Keeps a booking the server confirmed, under its number. */
export function rememberBooking(data: BookingData): void {
  write(bookingKey(data.booking.booking_number), data);
}

/** The booking confirmed in this tab under `bookingNumber`, if any. */
export function rememberedBooking(bookingNumber: string): BookingData | undefined {
  return read(bookingKey(bookingNumber), bookingDataSchema);
}

/** Keeps the request that finalises a checkout session, before it is first sent. */
export function rememberCheckoutRequest(sessionId: string, body: BookingRequestInput): void {
  write(checkoutKey(sessionId), body);
}

/** The request first sent for this checkout session in this tab, if any. */
export function rememberedCheckoutRequest(sessionId: string): BookingRequestInput | undefined {
  // Parsed to check the shape; what is returned is the stored body as it was sent.
  const text = storage()?.getItem(checkoutKey(sessionId));
  if (!text || read(checkoutKey(sessionId), bookingRequestSchema) === undefined) return undefined;
  return JSON.parse(text) as BookingRequestInput;
}
