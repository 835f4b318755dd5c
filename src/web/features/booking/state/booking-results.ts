import * as z from 'zod/mini';
import {
  bookingDataSchema,
  bookingRequestSchema,
  type BookingData,
  type BookingRequestInput,
} from '../../../../contract/bookings';

/**
 * What the result page needs after the booking drafts are gone (spec section 4 clears them
 * on success): the booking the server answered, and for a card payment the exact request
 * that finalises its checkout session with its Idempotency-Key, so a reload sends the same
 * request with the same key and shows the same booking. The key is random: the server gives
 * the booking's details again only to that key, never to whoever knows the session id. Kept
 * in sessionStorage: this tab only, gone when it closes.
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

/** The request that finalises a checkout session, with the key it is sent with. */
export type CheckoutRequest = { idempotencyKey: string; body: BookingRequestInput };

const checkoutRequestSchema = z.object({
  idempotencyKey: z.string().check(z.minLength(1)),
  body: bookingRequestSchema,
});

/** Keeps the request that finalises a checkout session, before it is first sent. */
export function rememberCheckoutRequest(sessionId: string, request: CheckoutRequest): void {
  write(checkoutKey(sessionId), request);
}

/** The request first sent for this checkout session in this tab, if any. */
export function rememberedCheckoutRequest(sessionId: string): CheckoutRequest | undefined {
  // Parsed to check the shape; what is returned is the stored request as it was sent.
  const text = storage()?.getItem(checkoutKey(sessionId));
  if (!text || read(checkoutKey(sessionId), checkoutRequestSchema) === undefined) return undefined;
  return JSON.parse(text) as CheckoutRequest;
}
