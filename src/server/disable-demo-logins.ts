import { loadConfig } from './config';
import { openDatabase, targetFromConfig } from './db/database';
import { disableDemoLogins } from './db/demo-logins';
import { DataDirError } from './db/data-dir-lock';
import { migrateToLatest } from './db/migrations';

/**
 * `npm run disable-demo-logins`: disables every account that still signs in with a password
 * the README publishes (db/demo-logins.ts) on the configured DATABASE_URL, else DATA_DIR, so a
 * database first started as the demo can be started with NODE_ENV=production.
 */
async function main(): Promise<void> {
  // Only where the database is matters here: production's other variables are the server's
  // concern, and an operator runs this before they are all in place.
  const config = loadConfig({ ...process.env, NODE_ENV: undefined });
  const handle = await openDatabase(targetFromConfig(config));
  try {
    await migrateToLatest(handle.db, handle.schema);
    const disabled = await disableDemoLogins(handle.db);
    console.log(
      disabled.length === 0
        ? 'No account signs in with a published demo password.'
        : [
            'Disabled (password replaced by a random one, sessions ended):',
            ...disabled.map((login) => `  - ${login.email} (${login.kind})`),
          ].join('\n'),
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  // Another server on DATA_DIR is the operator's to stop: the message, no stack.
  console.error(error instanceof DataDirError ? error.message : error);
  process.exit(1);
});
