import { sql, type Kysely } from 'kysely';

/**
 * The operator console (issue 21): the booking lifecycle's statuses and their append-only
 * history, operator accounts and their sessions, and each company's drivers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Bookings made before keep 'confirmed' (and 'cancelled'); a new one starts 'pending'.
  await sql`alter table bookings drop constraint if exists bookings_status_check`.execute(db);
  await db.schema
    .alterTable('bookings')
    .addCheckConstraint(
      'bookings_status_lifecycle',
      sql`status in ('pending', 'confirmed', 'driver_assigned', 'en_route', 'arrived',
        'on_board', 'completed', 'cancelled', 'no_show')`,
    )
    .execute();
  await sql`alter table bookings alter column status set default 'pending'`.execute(db);
  // An operator's phone booking may be paid on the company's account.
  await sql`alter table bookings drop constraint if exists bookings_payment_method_check`.execute(
    db,
  );
  await sql`alter table bookings drop constraint if exists bookings_payment_status_check`.execute(
    db,
  );
  await db.schema
    .alterTable('bookings')
    .addCheckConstraint(
      'bookings_payment_method_kind',
      sql`payment_method in ('car', 'card', 'account')`,
    )
    .execute();
  await db.schema
    .alterTable('bookings')
    .addCheckConstraint(
      'bookings_payment_status_kind',
      sql`payment_status in ('pay_in_car', 'paid', 'on_account')`,
    )
    .execute();

  await db.schema
    .createTable('operators')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_key', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('admin', 'dispatcher')`))
    .addColumn('company_id', 'integer', (col) => col.references('companies.id'))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // The platform's admin belongs to no company; a dispatcher to exactly one.
    .addCheckConstraint('operators_company_by_role', sql`(role = 'admin') = (company_id is null)`)
    .execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('operator_id', 'integer', (col) =>
      col.notNull().references('operators.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Idle expiry: each use moves it on.
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('drivers')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('licence_number', 'text', (col) => col.notNull())
    // YYYY-MM-DD: a date without a time zone, compared as text.
    .addColumn('licence_expiry', 'text', (col) =>
      col.notNull().check(sql`licence_expiry ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    )
    .addColumn('vehicle_registration', 'text', (col) => col.notNull())
    .addColumn('category_id', 'integer', (col) => col.notNull().references('fleet_categories.id'))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('drivers_company_name')
    .on('drivers')
    .columns(['company_id', 'name'])
    .execute();

  await db.schema
    .alterTable('bookings')
    .addColumn('driver_id', 'integer', (col) => col.references('drivers.id'))
    .addColumn('vehicle_registration', 'text')
    .execute();
  // The board lists by pickup time, a dispatcher's within one company.
  await db.schema.createIndex('bookings_pickup_at').on('bookings').column('pickup_at').execute();
  await db.schema
    .createIndex('bookings_company_pickup_at')
    .on('bookings')
    .columns(['company_id', 'pickup_at'])
    .execute();

  await db.schema
    .createTable('booking_status_history')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('booking_id', 'integer', (col) =>
      col.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('actor', 'text', (col) =>
      col.notNull().check(sql`actor in ('operator', 'passenger', 'system')`),
    )
    .addColumn('operator_id', 'integer', (col) => col.references('operators.id'))
    // Who, as shown: the operator's name, "Passenger" or "System"; kept if the account goes.
    .addColumn('actor_name', 'text', (col) => col.notNull())
    // Null on the row that records the booking being made.
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('booking_status_history_booking')
    .on('booking_status_history')
    .columns(['booking_id', 'id'])
    .execute();
  // Bookings made before have a history too: one row saying where each stood.
  await sql`
    insert into booking_status_history (booking_id, at, actor, actor_name, from_status, to_status, note)
    select id, created_at, 'system', 'System', null, status, 'Booked before bookings kept a history'
    from bookings`.execute(db);
  // Append-only: the product never edits or deletes a history row, and the database refuses
  // an update outright (deletes come only with the booking itself).
  await sql`
    create function booking_status_history_append_only() returns trigger
    language plpgsql as $$
    begin
      raise exception 'booking_status_history rows cannot be changed';
    end;
    $$`.execute(db);
  await sql`
    create trigger booking_status_history_no_update
    before update on booking_status_history
    for each row execute function booking_status_history_append_only()`.execute(db);
}
