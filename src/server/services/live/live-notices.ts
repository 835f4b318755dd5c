import { sql, type Kysely } from 'kysely';
import { LIVE_EVENTS, type LiveEvent } from '../../../contract/driver';
import type { Database } from '../../db/schema';

/**
 * The live event bus's notices (issue 34): what changed and who should hear of it, sent with
 * PostgreSQL NOTIFY so every API process hears it (live-hub.ts) and tells its own screens.
 * A notice says what changed, never the data: a screen that hears it fetches the current state
 * through the calls that check who it is.
 */

/** The channel, before the schema's name (db/listen.ts, channelName): one per database schema. */
export const LIVE_CHANNEL = 'ridebook_live';

/** Who hears a notice: a company's console (and the admin's), drivers, a booking's passenger. */
export interface LiveAudience {
  companyId?: number | null;
  /** Nulls and repeats are dropped: callers pass a job's driver before and after a move. */
  driverIds?: readonly (number | null | undefined)[];
  bookingId?: number | null;
}

export interface LiveNotice extends LiveAudience {
  event: LiveEvent;
}

/** A notice as the payload carries it (NOTIFY's payload is text of at most 8000 bytes). */
export interface WireNotice {
  company_id: number | null;
  driver_ids: number[];
  booking_id: number | null;
  event: LiveEvent;
}

function toWire(notice: LiveNotice): WireNotice {
  const drivers = (notice.driverIds ?? []).filter((id): id is number => typeof id === 'number');
  return {
    company_id: notice.companyId ?? null,
    driver_ids: [...new Set(drivers)],
    booking_id: notice.bookingId ?? null,
    event: notice.event.job_ref === undefined ? { type: notice.event.type } : notice.event,
  };
}

/**
 * Publishes a notice with `executor`: inside a transaction, PostgreSQL sends it when the
 * transaction commits and never when it rolls back, so a screen never fetches a change that is
 * not there. The channel is named from current_schema(), the schema the handle works in (the
 * hub listens on channelName(LIVE_CHANNEL, handle.schema)), so callers need no handle.
 */
export async function publishLive(executor: Kysely<Database>, notice: LiveNotice): Promise<void> {
  const payload = JSON.stringify(toWire(notice));
  await sql`select pg_notify(left(${sql.lit(`${LIVE_CHANNEL}_`)} || current_schema(), 63), ${payload})`.execute(
    executor,
  );
}

const isId = (value: unknown): value is number => Number.isInteger(value);

/** A payload read back; undefined for anything that is not a notice (it is ignored). */
export function readNotice(payload: string): WireNotice | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const wire = parsed as Partial<WireNotice>;
  const event = wire.event;
  if (!event || !(LIVE_EVENTS as readonly string[]).includes(event.type)) return undefined;
  return {
    company_id: isId(wire.company_id) ? wire.company_id : null,
    driver_ids: Array.isArray(wire.driver_ids) ? wire.driver_ids.filter(isId) : [],
    booking_id: isId(wire.booking_id) ? wire.booking_id : null,
    event:
      typeof event.job_ref === 'string'
        ? { type: event.type, job_ref: event.job_ref }
        : { type: event.type },
  };
}
