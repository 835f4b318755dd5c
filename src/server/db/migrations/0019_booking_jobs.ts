import { sql, type Kysely } from 'kysely';

/**
 * Every leg of a booking is a job (issue 32): its own status, driver and vehicle registration.
 * A booking's status follows from its jobs' (domain/booking-jobs.ts). Bookings made before get
 * their outward job, and a return job when they have a return, with the status, driver and
 * registration they have now; their history rows are the outward job's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_jobs')
    .addColumn('booking_id', 'integer', (col) =>
      col.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('leg', 'text', (col) => col.notNull().check(sql`leg in ('outward', 'return')`))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('driver_id', 'integer', (col) => col.references('drivers.id'))
    .addColumn('vehicle_registration', 'text')
    .addPrimaryKeyConstraint('booking_jobs_pkey', ['booking_id', 'leg'])
    .execute();
  await db.schema
    .createIndex('booking_jobs_driver')
    .on('booking_jobs')
    .column('driver_id')
    .execute();
  await sql`
    insert into booking_jobs (booking_id, leg, status, driver_id, vehicle_registration)
    select id, 'outward', status, driver_id, vehicle_registration from bookings`.execute(db);
  await sql`
    insert into booking_jobs (booking_id, leg, status, driver_id, vehicle_registration)
    select id, 'return', status, driver_id, vehicle_registration from bookings
    where journey_type = 'return'`.execute(db);
  // Which leg a history row is about. Added with a default, so the rows already there (the
  // table refuses updates) are the outward job's.
  await db.schema
    .alterTable('booking_status_history')
    .addColumn('leg', 'text', (col) =>
      col
        .notNull()
        .defaultTo('outward')
        .check(sql`leg in ('outward', 'return')`),
    )
    .execute();
}
