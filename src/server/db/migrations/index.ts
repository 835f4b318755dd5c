import { Migrator } from 'kysely/migration';
import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Kysely } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_pricing';
import * as m0003 from './0003_bookings';
import * as m0004 from './0004_sessions_and_submissions';
import * as m0005 from './0005_outbox_reply_to';
import * as m0006 from './0006_priced_journey';
import * as m0007 from './0007_mail_caps';
import * as m0008 from './0008_retention';
import * as m0010 from './0010_checkout_claims';
import * as m0011 from './0011_booking_pickup_position';
import * as m0012 from './0012_operator_console';
import * as m0013 from './0013_manage_booking';
import * as m0015 from './0015_server_secrets';
import * as m0016 from './0016_late_fee_base';
import * as m0018 from './0018_place_area';
import * as m0019 from './0019_booking_jobs';
import * as m0020 from './0020_manager_role';
import * as m0021 from './0021_console_activity';
import * as m0022 from './0022_price_versions';
import * as m0023 from './0023_fleet_and_companies';
import * as m0024 from './0024_operator_invitations';
import * as m0025 from './0025_requests';
import * as m0026 from './0026_driver_app';
import * as m0027 from './0027_text_messages';
import * as m0028 from './0028_message_templates';
import * as m0030 from './0030_flight_tracking';
import * as m0029 from './0029_passenger_push';
import * as m0031 from './0031_flight_track_generation';

/**
 * Migrations live in code so the server migrates itself at start on PGlite and PostgreSQL alike.
 * Never edit one that has shipped: add the next, in a file of its own, and list it here. Names
 * sort in the order they run, and are what existing databases have recorded as run.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_pricing': m0002,
  '0003_bookings': m0003,
  '0004_sessions_and_submissions': m0004,
  '0005_outbox_reply_to': m0005,
  '0006_priced_journey': m0006,
  '0007_mail_caps': m0007,
  '0008_retention': m0008,
  '0010_checkout_claims': m0010,
  '0011_booking_pickup_position': m0011,
  '0012_operator_console': m0012,
  '0013_manage_booking': m0013,
  '0015_server_secrets': m0015,
  '0016_late_fee_base': m0016,
  '0018_place_area': m0018,
  '0019_booking_jobs': m0019,
  '0020_manager_role': m0020,
  '0021_console_activity': m0021,
  '0022_price_versions': m0022,
  '0023_fleet_and_companies': m0023,
  '0024_operator_invitations': m0024,
  '0025_requests': m0025,
  '0026_driver_app': m0026,
  '0027_text_messages': m0027,
  '0028_message_templates': m0028,
  '0030_flight_tracking': m0030,
  '0029_passenger_push': m0029,
  '0031_flight_track_generation': m0031,
};

const provider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

/**
 * Brings the schema up to date. `schema` names where Kysely keeps its own bookkeeping tables;
 * it must be the first schema on the connection's search_path, so each test schema has its own.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, schema: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Brings the schema up to `name` and no further: what a database made before a later
 * migration looks like, for the tests of that migration on existing rows.
 */
export async function migrateTo<DB>(db: Kysely<DB>, schema: string, name: string): Promise<void> {
  if (!(name in MIGRATIONS)) throw new Error(`No migration named ${name}`);
  const migrator = new Migrator({ db, provider, migrationTableSchema: schema });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}
