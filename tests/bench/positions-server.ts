// The positions bench's server: the real app (buildApp, as `npm start` runs it) plus one route,
// outside the API, that fills its database with on-duty drivers, each On the way on a booking
// of their own, signed in to the app, and a manage token for each booking's passenger. The
// database is the server's own (PGlite is one process's), so the filling happens here.
// Started by spawnServer from positions.ts.
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, targetFromConfig, type DatabaseHandle } from '../../src/server/db/database';
import { createDriverSessionsRepository } from '../../src/server/repositories/driver-sessions-repository';
import { hashSessionToken } from '../../src/server/services/accounts/session-tokens';
import { hashManageToken } from '../../src/server/services/manage/manage-links';

/** Where the bench asks for its drivers and passengers; outside API_PATHS (no such product call). */
export const POSITIONS_SETUP_PATH = '/bench/positions-setup';

export interface BenchWatch {
  booking_number: string;
  manage_token: string;
  driver_session: string;
}

const token = () => randomBytes(32).toString('base64url');
const DAY_MS = 24 * 60 * 60_000;

/**
 * Copies the one booking made through the API `count` times, each On the way with a driver of
 * its own (on duty, signed in), and a manage token per booking: as fast as SQL can.
 */
export async function fill(handle: DatabaseHandle, count: number): Promise<BenchWatch[]> {
  const { db } = handle;
  const template = await db
    .selectFrom('bookings')
    .select(['id', 'company_id', 'category_id'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const columns = (
    await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'bookings' and table_schema = current_schema()`.execute(db)
  ).rows
    .map((row) => row.column_name)
    .filter((name) => name !== 'id');
  const sessions = createDriverSessionsRepository(db);
  const expiresAt = new Date(Date.now() + DAY_MS);
  const watches: BenchWatch[] = [];
  for (let i = 0; i < count; i += 1) {
    const bookingNumber = String(900_000_000 + i);
    const registration = `BN${String(i).padStart(3, '0')} PSN`;
    const driver = await db
      .insertInto('drivers')
      .values({
        company_id: template.company_id,
        name: `Bench Driver ${i}`,
        mobile: '+44 7700 900999',
        licence_number: `BENCH-${i}`,
        licence_expiry: '2099-12-31',
        vehicle_registration: registration,
        category_id: template.category_id,
        on_duty: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const select = columns
      .map((name) =>
        name === 'booking_number'
          ? `'${bookingNumber}'`
          : name === 'status'
            ? `'en_route'`
            : name === 'driver_id'
              ? String(driver.id)
              : name,
      )
      .join(', ');
    const { rows } = await sql<{ id: number }>`${sql.raw(
      `insert into bookings (${columns.join(', ')}) select ${select} from bookings where id = ${template.id} returning id`,
    )}`.execute(db);
    const bookingId = rows[0]!.id;
    await db
      .insertInto('booking_jobs')
      .values({
        booking_id: bookingId,
        leg: 'outward',
        status: 'en_route',
        driver_id: driver.id,
        vehicle_registration: registration,
      })
      .execute();
    const manage = token();
    await db
      .insertInto('manage_tokens')
      .values({ token_hash: hashManageToken(manage), booking_id: bookingId, expires_at: expiresAt })
      .execute();
    const session = token();
    await sessions.insertSession({
      tokenHash: hashSessionToken(session),
      driverId: driver.id,
      expiresAt,
    });
    watches.push({ booking_number: bookingNumber, manage_token: manage, driver_session: session });
  }
  await sql`analyze`.execute(db);
  return watches;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase(targetFromConfig(config));
  const app = await buildApp({ config, db: handle, logger: { level: config.LOG_LEVEL } });
  app.post(POSITIONS_SETUP_PATH, async (request) => {
    const { count } = request.body as { count: number };
    return fill(handle, count);
  });
  app.addHook('onClose', async () => handle.close());
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info('ready');
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

// Run as a process by the bench; imported only for its path and types.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
