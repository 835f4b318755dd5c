import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrations';
import { seedDatabase } from '../../src/server/db/seed';
import { DEMO_CORPORATE } from '../../src/server/db/seed-data/corporate';
import { verifyPassword } from '../../src/server/services/accounts/passwords';
import { openTestDatabase, testDatabaseKinds } from './helpers';
import type { TestDatabase } from './helpers';

describe.each(testDatabaseKinds())('corporate demo seed on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await migrateToLatest(db.handle.db, db.handle.schema);
  });
  afterAll(async () => db?.dispose());

  it('seeds the passenger and 12 bookings once, keeping later changes', async () => {
    await seedDatabase(db.handle.db, { demoAccounts: true });
    const passenger = await db.handle.db
      .selectFrom('passengers')
      .select(['id', 'password_hash'])
      .where('email_key', '=', DEMO_CORPORATE.email)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(passenger.password_hash, DEMO_CORPORATE.password)).toBe(true);
    const numbers = await db.handle.db
      .selectFrom('bookings')
      .select('booking_number')
      .where('passenger_id', '=', passenger.id)
      .execute();
    expect(numbers).toHaveLength(12);
    for (const { booking_number } of numbers) expect(booking_number).toMatch(/^\d{9}$/);

    await db.handle.db
      .updateTable('passengers')
      .set({ phone: '+44 7700 900000' })
      .where('id', '=', passenger.id)
      .execute();
    await db.handle.db.deleteFrom('seed_runs').where('name', '=', 'demo').execute();
    await seedDatabase(db.handle.db, { demoAccounts: true });
    const after = await db.handle.db
      .selectFrom('passengers')
      .select('phone')
      .where('id', '=', passenger.id)
      .executeTakeFirstOrThrow();
    expect(after.phone).toBe('+44 7700 900000');
    const count = await db.handle.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(12);
  });
});
