import type { Kysely, Transaction } from 'kysely';
import type { CheckoutSessionStatus, Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** A card checkout session and the pending booking it pays for. */
export interface CheckoutSessionRecord {
  id: string;
  provider: 'stripe' | 'test';
  status: CheckoutSessionStatus;
  amountPence: number;
  currency: string;
  pending: unknown;
  url: string;
  successUrl: string;
  cancelUrl: string;
  paymentId: string | null;
  bookingId: number | null;
  expiresAt: Date;
  /** 'amendment': pays the difference of a change to bookingId (issue 22). */
  purpose: 'booking' | 'amendment';
  /** A paid difference: was its change made, or the difference refunded? */
  outcome: 'applied' | 'refunded' | null;
}

export interface NewCheckoutSession {
  id: string;
  provider: 'stripe' | 'test';
  amountPence: number;
  currency: string;
  pending: unknown;
  url: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** A difference payment names its booking from the start. */
  purpose?: 'booking' | 'amendment';
  bookingId?: number;
}

const COLUMNS = [
  'id',
  'provider',
  'status',
  'amount_pence',
  'currency',
  'pending',
  'url',
  'success_url',
  'cancel_url',
  'payment_id',
  'booking_id',
  'expires_at',
  'purpose',
  'outcome',
] as const;

function toRecord(row: {
  id: string;
  provider: 'stripe' | 'test';
  status: CheckoutSessionStatus;
  amount_pence: number;
  currency: string;
  pending: unknown;
  url: string;
  success_url: string;
  cancel_url: string;
  payment_id: string | null;
  booking_id: number | null;
  expires_at: Date;
  purpose: 'booking' | 'amendment';
  outcome: 'applied' | 'refunded' | null;
}): CheckoutSessionRecord {
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    amountPence: row.amount_pence,
    currency: row.currency,
    pending: row.pending,
    url: row.url,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    paymentId: row.payment_id,
    bookingId: row.booking_id,
    expiresAt: row.expires_at,
    purpose: row.purpose,
    outcome: row.outcome,
  };
}

/** What a booked session records: its booking, the payment, and a difference's outcome. */
interface BookedSession {
  bookingId: number;
  paymentId: string;
  outcome?: 'applied' | 'refunded';
}

/** Checkout sessions: created with the pending booking, paid, then booked exactly once. */
export function createCheckoutSessionsRepository(db: Kysely<Database>) {
  return {
    insert: (session: NewCheckoutSession, trx?: Executor) => insertSession(trx ?? db, session),
    findById: (id: string, trx?: Executor) => findSession(trx ?? db, id),
    lockById: (id: string, trx: Transaction<Database>) => lockSession(trx, id),
    markPaid: (id: string, paymentId: string, now: Date, trx?: Executor) =>
      markPaid(trx ?? db, id, paymentId, now),
    markCanceled: (id: string, trx?: Executor) => markCanceled(trx ?? db, id),
    markDetailsSent: (id: string, now: Date, trx: Executor) => markDetailsSent(trx, id, now),
    markBooked: (id: string, booking: BookedSession, now: Date, trx: Executor) =>
      markBooked(trx, id, booking, now),
  };
}

export type CheckoutSessionsRepository = ReturnType<typeof createCheckoutSessionsRepository>;

async function insertSession(db: Executor, session: NewCheckoutSession): Promise<void> {
  await db
    .insertInto('checkout_sessions')
    .values({
      id: session.id,
      provider: session.provider,
      amount_pence: session.amountPence,
      currency: session.currency,
      pending: JSON.stringify(session.pending),
      url: session.url,
      success_url: session.successUrl,
      cancel_url: session.cancelUrl,
      expires_at: session.expiresAt,
      purpose: session.purpose ?? 'booking',
      booking_id: session.bookingId ?? null,
    })
    .execute();
}

async function findSession(db: Executor, id: string): Promise<CheckoutSessionRecord | undefined> {
  const row = await db
    .selectFrom('checkout_sessions')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRecord(row);
}

/**
 * The session row, locked until the transaction ends: whoever finalises second waits here
 * and then sees the booking the first made.
 */
async function lockSession(
  trx: Transaction<Database>,
  id: string,
): Promise<CheckoutSessionRecord | undefined> {
  const row = await trx
    .selectFrom('checkout_sessions')
    .select(COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Open to paid (the test checkout's Pay button); false unless it was open. */
async function markPaid(db: Executor, id: string, paymentId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('checkout_sessions')
    .set({ status: 'paid', payment_id: paymentId, completed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Open to canceled (the test checkout's Cancel button); false unless it was open. */
async function markCanceled(db: Executor, id: string): Promise<boolean> {
  const result = await db
    .updateTable('checkout_sessions')
    .set({ status: 'canceled' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records that POST /booking has handed out the booking's details; true only for the first
 * caller (concurrent ones wait on the row and then find it set).
 */
async function markDetailsSent(trx: Executor, id: string, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('checkout_sessions')
    .set({ details_sent_at: now })
    .where('id', '=', id)
    .where('details_sent_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

async function markBooked(
  trx: Executor,
  id: string,
  booking: BookedSession,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('checkout_sessions')
    .set({
      status: 'booked',
      booking_id: booking.bookingId,
      payment_id: booking.paymentId,
      completed_at: now,
      ...(booking.outcome ? { outcome: booking.outcome } : {}),
    })
    .where('id', '=', id)
    .execute();
}
