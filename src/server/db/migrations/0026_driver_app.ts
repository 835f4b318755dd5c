import { sql, type Kysely } from 'kysely';

/**
 * The driver's app (issue 34).
 *
 * - Vehicles become records with their licensing documents; a driver has a usual vehicle, and a
 *   job names the vehicle it was done in. Each company's existing registrations become vehicles.
 * - A driver signs in (email, password set from an invitation, sessions of their own).
 * - A job may be offered to a driver until a deadline; it records who dispatched it.
 * - A status press from the road carries the phone's time and position beside the server's.
 * - Positions are kept per driver, and per job while one is under way (the trail).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id'))
    .addColumn('registration', 'text', (col) => col.notNull())
    .addColumn('make', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('model', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('colour', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('seats', 'integer', (col) => col.notNull().defaultTo(4))
    .addColumn('category_id', 'integer', (col) => col.notNull().references('fleet_categories.id'))
    .addColumn('phv_licence_number', 'text', (col) => col.notNull().defaultTo(''))
    // YYYY-MM-DD, as drivers' licence expiry; null: not recorded yet (flagged, never "valid").
    .addColumn('phv_licence_expiry', 'text')
    .addColumn('mot_expiry', 'text')
    .addColumn('insurance_expiry', 'text')
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('vehicles_company_registration', ['company_id', 'registration'])
    .execute();
  await sql`
    insert into vehicles (company_id, registration, category_id)
    select distinct on (company_id, vehicle_registration) company_id, vehicle_registration, category_id
    from drivers order by company_id, vehicle_registration, id
  `.execute(db);

  await db.schema
    .alterTable('drivers')
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('vehicle_id', 'integer', (col) => col.references('vehicles.id'))
    .addColumn('on_duty', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('duty_changed_at', 'timestamptz')
    .execute();
  await sql`create unique index drivers_email on drivers (lower(email)) where email is not null`.execute(
    db,
  );
  await sql`
    update drivers set vehicle_id = vehicles.id from vehicles
    where vehicles.company_id = drivers.company_id and vehicles.registration = drivers.vehicle_registration
  `.execute(db);

  await db.schema
    .createTable('driver_sessions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('driver_id', 'integer', (col) =>
      col.notNull().references('drivers.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('driver_invitations')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('driver_id', 'integer', (col) =>
      col.notNull().references('drivers.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('driver_push_subscriptions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('driver_id', 'integer', (col) =>
      col.notNull().references('drivers.id').onDelete('cascade'),
    )
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('booking_jobs')
    .addColumn('vehicle_id', 'integer', (col) => col.references('vehicles.id'))
    .addColumn('offered_driver_id', 'integer', (col) => col.references('drivers.id'))
    .addColumn('offered_vehicle_id', 'integer', (col) => col.references('vehicles.id'))
    .addColumn('offer_expires_at', 'timestamptz')
    // The console account that assigned or offered the job: a licensed operator's record.
    .addColumn('dispatched_by_operator_id', 'integer', (col) => col.references('operators.id'))
    .execute();
  await sql`create index booking_jobs_offer_expiry on booking_jobs (offer_expires_at) where offer_expires_at is not null`.execute(
    db,
  );
  // Who took the booking: a console account for a phone booking; null for one made online.
  await db.schema
    .alterTable('bookings')
    .addColumn('taken_by_operator_id', 'integer', (col) => col.references('operators.id'))
    .execute();

  await sql`alter table booking_status_history drop constraint if exists booking_status_history_actor_check`.execute(
    db,
  );
  await sql`alter table booking_status_history add constraint booking_status_history_actor_check
    check (actor in ('operator', 'passenger', 'system', 'driver'))`.execute(db);
  await db.schema
    .alterTable('booking_status_history')
    .addColumn('driver_id', 'integer', (col) => col.references('drivers.id'))
    // A press from the driver's phone: when and where it was pressed (at is when it arrived).
    .addColumn('pressed_at', 'timestamptz')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('accuracy', 'double precision')
    .execute();

  await db.schema
    .createTable('driver_positions')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('driver_id', 'integer', (col) =>
      col.notNull().references('drivers.id').onDelete('cascade'),
    )
    // The job under way when it was sent (On the way to Complete): the trail. Null: none.
    .addColumn('booking_id', 'integer', (col) => col.references('bookings.id'))
    .addColumn('leg', 'text')
    .addColumn('lat', 'double precision', (col) => col.notNull())
    .addColumn('lng', 'double precision', (col) => col.notNull())
    .addColumn('accuracy', 'double precision')
    .addColumn('heading', 'double precision')
    .addColumn('speed', 'double precision')
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('driver_positions_driver_at')
    .on('driver_positions')
    .columns(['driver_id', 'at'])
    .execute();
  await sql`create index driver_positions_job on driver_positions (booking_id, leg, at) where booking_id is not null`.execute(
    db,
  );
  await sql`create index driver_positions_loose on driver_positions (received_at) where booking_id is null`.execute(
    db,
  );
}
