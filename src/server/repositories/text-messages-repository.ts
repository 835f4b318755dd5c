import { sql, type Kysely, type Transaction } from 'kysely';
import type { JobLeg } from '../../domain/booking-jobs';
import type { Database, TextMessageStatus, TextRecipient } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** A manage link's token in a text, and what the kept copy says once it is sent. */
const TOKEN_PATTERN = '([?&]token=)[A-Za-z0-9_-]+';
const TOKEN_SENT = '\\1(sent)';

/** What a text about one journey of a booking is written from, read in the change's transaction. */
export interface TextFacts {
  bookingId: number;
  bookingNumber: string;
  bookingStatus: string;
  pickupAt: Date | string;
  returnAt: Date | string | null;
  pickupDate: string;
  pickupTime: string;
  returnDate: string | null;
  returnTime: string | null;
  vehicleType: string;
  passengerName: string;
  textsWanted: boolean;
  textNumber: string | null;
  jobStatus: string | null;
  registration: string | null;
  driverName: string | null;
  vehicle: string | null;
  /** The operator's telephone (the Company_Contact_Info setting). */
  companyPhone: string | null;
}

export interface NewText {
  bookingId: number;
  leg: JobLeg;
  event: string;
  to: string;
  body: string;
  /** Recorded as not sent, with why (the daily cap). */
  suppressed?: string;
  /** The job's driver instead of the passenger (a flight moved the pickup). */
  recipient?: TextRecipient;
  /** Which time the event happened (a flight may move the pickup more than once). */
  occurrence?: number;
}

/** Text messages to passengers (issue 35): one row per booking, journey and event. */
export function createTextMessagesRepository(db: Kysely<Database>) {
  return {
    facts: (bookingId: number, leg: JobLeg, trx: Executor = db) => facts(trx, bookingId, leg),

    /** The row, unless one for the same booking, journey, event, recipient and occurrence exists: then null. */
    async insert(text: NewText, trx: Executor): Promise<number | null> {
      const row = await trx
        .insertInto('text_messages')
        .values({
          booking_id: text.bookingId,
          leg: text.leg,
          event: text.event,
          to_number: text.to,
          body: text.body,
          status: text.suppressed ? 'suppressed' : 'queued',
          error: text.suppressed ?? null,
          recipient: text.recipient ?? 'passenger',
          occurrence: text.occurrence ?? 0,
        })
        .onConflict((oc) =>
          oc.columns(['booking_id', 'leg', 'event', 'recipient', 'occurrence']).doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Texts to `number` in the 24 hours before `now` that were not held back, under its lock. */
    async countLastDay(number: string, now: Date, trx: Transaction<Database>): Promise<number> {
      await sql`select pg_advisory_xact_lock(hashtext(${`text:${number}`}))`.execute(trx);
      const row = await trx
        .selectFrom('text_messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('to_number', '=', number)
        .where('status', '!=', 'suppressed')
        .where('created_at', '>', new Date(now.getTime() - 86_400_000))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    ...sendingRecords(db),

    /** The passenger's number cannot take texts: no more are queued, and the pages say why. */
    recordProblem: (bookingId: number, problem: string, trx: Executor = db) =>
      trx
        .updateTable('booking_passengers')
        .set({ text_number: null, text_problem: problem })
        .where('booking_id', '=', bookingId)
        .execute(),

    /** The passenger's choice and any problem with their number, for the booking page. */
    choice: (bookingId: number) =>
      db
        .selectFrom('booking_passengers')
        .select(['texts_wanted as wanted', 'text_problem as problem'])
        .where('booking_id', '=', bookingId)
        .executeTakeFirst(),

    setWanted: (bookingId: number, wanted: boolean, trx: Executor = db) =>
      trx
        .updateTable('booking_passengers')
        .set({ texts_wanted: wanted })
        .where('booking_id', '=', bookingId)
        .execute(),

    /**
     * A booking's texts, oldest first: the console's booking page. Without the body, which may
     * still hold a manage link's token until the text is sent.
     */
    list: (bookingId: number, trx: Executor = db) =>
      trx
        .selectFrom('text_messages')
        .select(['id', 'leg', 'event', 'to_number', 'status', 'error', 'created_at'])
        .select(['sent_at', 'status_at', 'recipient'])
        .where('booking_id', '=', bookingId)
        .orderBy('id')
        .execute(),

    /** Whether the passenger wants texts, to which number, or why their number cannot take them. */
    passengerChoice: (bookingId: number, trx: Executor = db) =>
      trx
        .selectFrom('booking_passengers')
        .select(['texts_wanted', 'text_number', 'text_problem'])
        .where('booking_id', '=', bookingId)
        .executeTakeFirst(),
  };
}

export type TextMessagesRepository = ReturnType<typeof createTextMessagesRepository>;

/** A text's row as the sms-send job and the delivery reports move it on. */
function sendingRecords(db: Kysely<Database>) {
  return {
    /** Takes a queued text for sending (one try more); null when it is no longer to be sent. */
    claim: (id: number) =>
      db
        .updateTable('text_messages')
        .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'sending'])
        .returningAll()
        .executeTakeFirst(),

    /** Sent: the provider's id kept, the link's token no longer (only hashes are stored). */
    markSent: (id: number, providerId: string, at: Date) =>
      db
        .updateTable('text_messages')
        .set({
          status: 'sent',
          provider_id: providerId,
          sent_at: at,
          status_at: at,
          error: null,
          body: sql<string>`regexp_replace(body, ${TOKEN_PATTERN}, ${TOKEN_SENT}, 'g')`,
        })
        .where('id', '=', id)
        .execute(),

    /** Ended without sending (failed for good, or held back): the reason kept. */
    markEnded: (id: number, status: 'failed' | 'suppressed', reason: string, at: Date) =>
      db
        .updateTable('text_messages')
        .set({ status, error: reason.slice(0, 500), status_at: at })
        .where('id', '=', id)
        .execute(),

    /** A try failed and another will come: back in the queue with the error. */
    markRetry: (id: number, reason: string) =>
      db
        .updateTable('text_messages')
        .set({ status: 'queued', error: reason.slice(0, 500) })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute(),

    /** The provider's delivery report for its message `providerId`; the row, when it is ours. */
    updateStatus: (providerId: string, status: TextMessageStatus, error: string | null, at: Date) =>
      db
        .updateTable('text_messages')
        .set({ status, error, status_at: at })
        .where('provider_id', '=', providerId)
        // A late 'sent' report never undoes 'delivered'.
        .$if(status === 'sent', (query) => query.where('status', '!=', 'delivered'))
        .returning(['id', 'booking_id'])
        .executeTakeFirst(),
  };
}

async function facts(trx: Executor, bookingId: number, leg: JobLeg): Promise<TextFacts | null> {
  const row = await trx
    .selectFrom('bookings')
    .innerJoin('booking_passengers', 'booking_passengers.booking_id', 'bookings.id')
    .innerJoin('fleet_categories', 'fleet_categories.id', 'bookings.category_id')
    .leftJoin('booking_jobs', (join) =>
      join.onRef('booking_jobs.booking_id', '=', 'bookings.id').on('booking_jobs.leg', '=', leg),
    )
    .leftJoin('drivers', 'drivers.id', 'booking_jobs.driver_id')
    .leftJoin('vehicles', 'vehicles.id', 'booking_jobs.vehicle_id')
    .select([
      'bookings.id as bookingId',
      'bookings.booking_number as bookingNumber',
      'bookings.status as bookingStatus',
      'bookings.pickup_at as pickupAt',
      'bookings.return_at as returnAt',
      'bookings.pick_up_date as pickupDate',
      'bookings.pick_up_time as pickupTime',
      'bookings.return_date as returnDate',
      'bookings.return_time as returnTime',
      'fleet_categories.name as vehicleType',
      'booking_passengers.name as passengerName',
      'booking_passengers.texts_wanted as textsWanted',
      'booking_passengers.text_number as textNumber',
      'booking_jobs.status as jobStatus',
      'booking_jobs.vehicle_registration as registration',
      'drivers.name as driverName',
      sql<
        string | null
      >`nullif(trim(concat_ws(' ', vehicles.colour, vehicles.make, vehicles.model)), '')`.as(
        'vehicle',
      ),
      (eb) =>
        eb
          .selectFrom('settings')
          .select('setting_value')
          .where('setting_name', '=', 'Company_Contact_Info')
          .as('companyPhone'),
    ])
    .where('bookings.id', '=', bookingId)
    .executeTakeFirst();
  return row ?? null;
}
