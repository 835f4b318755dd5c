import {
  removeBookingDraft,
  saveBookingDraft,
  type BookingDrafts,
  type PaymentAttemptsDraft,
} from './booking-drafts';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

/**
 * Idempotency-Keys of the payment step (API.md, Headers). One key per attempt, kept in the
 * paymentAttempts draft with the inputs it was made for: a double click, a retry after a
 * lost connection or a reload (even after the tab was closed) sends the same key, so the
 * server books or opens checkout once. Changed inputs are a new attempt with a new key,
 * because the server refuses a key reused for a different request.
 */

export type PaymentKind = 'car' | 'card';

/** What identifies the inputs; the password stays out so it never reaches IndexedDB. */
export function requestFingerprint(body: unknown): string {
  return JSON.stringify(body, (key, value: unknown) => (key === 'password' ? undefined : value));
}

/** The key for `body`: the saved one when the inputs are unchanged, else a new one, saved. */
export async function attemptKey(
  kind: PaymentKind,
  body: unknown,
  attempts: PaymentAttemptsDraft | undefined,
): Promise<string> {
  const fingerprint = requestFingerprint(body);
  const saved = attempts?.[kind];
  if (saved && saved.fingerprint === fingerprint) return saved.key;
  const key = newIdempotencyKey();
  await saveBookingDraft('paymentAttempts', { ...attempts, [kind]: { key, fingerprint } });
  return key;
}

/**
 * Forgets the card attempt: after a canceled checkout the next Pay By Card opens a new
 * session rather than being answered with the one just abandoned.
 */
export async function forgetCardAttempt(drafts: BookingDrafts): Promise<void> {
  const attempts = drafts.paymentAttempts;
  if (!attempts?.card) return;
  if (!attempts.car) {
    await removeBookingDraft('paymentAttempts');
    return;
  }
  await saveBookingDraft('paymentAttempts', { car: attempts.car });
}
