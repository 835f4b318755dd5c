import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_DRIVERS,
  DEMO_OPERATORS,
  seedOperatorDemo,
} from '../../src/server/db/seed-data/operator-accounts';
import { verifyPassword } from '../../src/server/services/accounts/passwords';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from './helpers';

const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;
/** The demo accounts as seeded before the manager was added (issue 33). */
const BEFORE_MANAGER = {
  operators: DEMO_OPERATORS.filter((o) => o !== MANAGER),
  drivers: DEMO_DRIVERS,
};

/**
 * A database that ran the console's demo seed before an account was added gets that account
 * on its next start, and keeps what became of the accounts it already had.
 */
describe.each(testDatabaseKinds())("the console's demo accounts on %s", (kind) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  it('adds the manager to a database seeded before it, leaving the other accounts as they were', async () => {
    test = await openTestDatabase(kind, { seeded: true });
    const { db } = test.handle;
    const now = new Date();
    // The database as the seed before the manager left it: no manager, that seed's marker.
    await db.deleteFrom('operators').where('email_key', '=', MANAGER.email).execute();
    expect(await seedOperatorDemo(db, now, BEFORE_MANAGER)).toBe(true);
    expect(await seedOperatorDemo(db, now, BEFORE_MANAGER)).toBe(false);
    const kept = DEMO_OPERATORS.find((o) => o.email === 'dispatch@thames-valley.example')!;
    await db
      .updateTable('operators')
      .set({ active: false, name: 'Tom Reid (left)' })
      .where('email_key', '=', kept.email)
      .execute();
    const operatorsBefore = await db.selectFrom('operators').select('id').execute();
    const driversBefore = await db.selectFrom('drivers').select('id').execute();

    expect(await seedOperatorDemo(db, now)).toBe(true);
    const manager = await db
      .selectFrom('operators')
      .innerJoin('companies', 'companies.id', 'operators.company_id')
      .select([
        'operators.name',
        'operators.role',
        'operators.active',
        'operators.password_hash',
        'companies.name as company',
      ])
      .where('operators.email_key', '=', MANAGER.email)
      .executeTakeFirstOrThrow();
    expect(manager).toMatchObject({
      name: 'Sam Patel',
      role: 'manager',
      active: true,
      company: 'Heathrow Executive Cars',
    });
    expect(await verifyPassword(manager.password_hash ?? undefined, 'Manager-Demo-2026')).toBe(
      true,
    );
    expect(await db.selectFrom('operators').select('id').execute()).toHaveLength(
      operatorsBefore.length + 1,
    );
    expect(await db.selectFrom('drivers').select('id').execute()).toHaveLength(
      driversBefore.length,
    );
    const left = await db
      .selectFrom('operators')
      .select(['name', 'active'])
      .where('email_key', '=', kept.email)
      .executeTakeFirstOrThrow();
    expect(left).toEqual({ name: 'Tom Reid (left)', active: false });
    // Applied once: the next start finds nothing to do.
    expect(await seedOperatorDemo(db, now)).toBe(false);
  });
});
