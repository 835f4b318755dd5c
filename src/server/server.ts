import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirError } from './db/data-dir-lock';
import { DemoLoginsError } from './db/demo-logins';

/** Starts the server: config, database (migrated and seeded), listen, and a graceful close. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const started = performance.now();
  let app;
  try {
    app = await buildApp({
      config,
      logger: { level: config.LOG_LEVEL },
    });
  } catch (error) {
    // The operator's to fix (an unwritable DATA_DIR, another server on it, the demo's published
    // logins in production): the message, no stack.
    if (error instanceof DataDirError || error instanceof DemoLoginsError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // On SIGINT/SIGTERM or a crash: stop taking requests, finish those in flight, close the
  // database (PGlite flushes its files), then exit. A second signal exits at once.
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const where = `${config.HOST}:${config.PORT}`;
    const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    app.log.fatal(
      { err: error },
      inUse
        ? `cannot listen on ${where}: the port is already in use (set PORT to a free one)`
        : `cannot listen on ${where}`,
    );
    // Closing flushes PGlite's files and ends the PostgreSQL pool before the process goes.
    await app.close();
    process.exit(1);
  }
  app.log.info({ startupMs: Math.round(performance.now() - started) }, 'ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
