import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './database';
import { migrateToLatest } from './migrations';
import { seedDatabase } from './seed';

/**
 * Migrates and seeds before returning, so routes registered after it meet a usable database;
 * closes the database with the app when `owned` (the app opened it).
 */
export async function registerDatabase(
  app: FastifyInstance,
  options: { handle: DatabaseHandle; owned: boolean; demoAccounts: boolean },
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
}
