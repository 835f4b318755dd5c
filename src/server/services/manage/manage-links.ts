import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ManageTokensRepository } from '../../repositories/manage-tokens-repository';

/** A link keeps working until this many days after the (last) pickup. */
export const MANAGE_LINK_DAYS_AFTER_PICKUP = 30;
const DAY_MS = 86_400_000;

/** Only this is stored: a token is 32 random bytes, so a plain SHA-256 cannot be reversed. */
export function hashManageToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface LinkedBooking {
  id: number;
  booking_number: string;
  pickup_at: Date | string;
  return_at: Date | string | null;
}

/**
 * The passenger's "Manage your booking" links: a fresh token per mail (or lookup), bound to
 * one booking, valid until 30 days after its last pickup.
 */
export function createManageLinks(deps: {
  tokens: ManageTokensRepository;
  /** PUBLIC_URL's origin, or where the server listens when it is not set (the demo). */
  siteOrigin: string;
}) {
  function expiry(booking: LinkedBooking): Date {
    const last = Math.max(
      new Date(booking.pickup_at).getTime(),
      booking.return_at ? new Date(booking.return_at).getTime() : 0,
    );
    return new Date(last + MANAGE_LINK_DAYS_AFTER_PICKUP * DAY_MS);
  }

  /**
   * A new token for the booking. `lookedUpAt`: one made by a lookup (reference and email) lasts
   * at least a day from then, so an old booking's receipt can still be fetched.
   */
  async function token(
    booking: LinkedBooking,
    trx?: Transaction<Database>,
    lookedUpAt?: Date,
  ): Promise<string> {
    const value = randomBytes(32).toString('base64url');
    const ends = expiry(booking);
    const expiresAt =
      lookedUpAt && ends.getTime() < lookedUpAt.getTime() + DAY_MS
        ? new Date(lookedUpAt.getTime() + DAY_MS)
        : ends;
    await deps.tokens.insert(
      { hash: hashManageToken(value), bookingId: booking.id, expiresAt },
      trx,
    );
    return value;
  }

  return {
    token,
    /**
     * A fresh token for the booking numbered `bookingNumber`, made after its answer was stored
     * (a stored answer never holds a token: only hashes are kept), or undefined when none.
     */
    async tokenForNumber(bookingNumber: string): Promise<string | undefined> {
      const booking = await deps.tokens.linkedBooking(bookingNumber);
      return booking ? token(booking) : undefined;
    },
    /** A link for a mail, its token stored in the mail's own transaction. */
    async url(booking: LinkedBooking, trx: Transaction<Database>): Promise<string> {
      const value = await token(booking, trx);
      return `${deps.siteOrigin}/manage-booking/${encodeURIComponent(booking.booking_number)}?token=${value}`;
    },
  };
}

export type ManageLinks = ReturnType<typeof createManageLinks>;
