import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './database';
import { refuseDemoLogins } from './demo-logins';
import { migrateToLatest } from './migrations';
import { seedDatabase } from './seed';

/**
 * Migrates and seeds before returning, so routes registered after it meet a usable database;
 * closes the database with the app when `owned` (the app opened it). With `production`, throws
 * DemoLoginsError while any account still signs in with a password the README publishes: a
 * database first started as the demo must not open a real console to anyone who read it.
 */
export async function registerDatabase(
  app: FastifyInstance,
  options: { handle: DatabaseHandle; owned: boolean; demoAccounts: boolean; production: boolean },
): Promise<void> {
  const { handle, owned, demoAccounts } = options;
  if (owned) app.addHook('onClose', async () => handle.close());

  const migrated = await migrateToLatest(handle.db, handle.schema);
  if (migrated.length > 0) app.log.info({ migrations: migrated }, 'database migrated');
  const seed = await seedDatabase(handle.db, { demoAccounts });
  app.log.info(
    { applied: seed.applied, places: seed.places, demoAccounts, ms: Math.round(seed.ms) },
    seed.applied ? 'demo data seeded' : 'demo data already present',
  );
  if (options.production) await refuseDemoLogins(handle.db);
}
