import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the PostgreSQL server `adminUrl` points at, for a server process of its own
 * (which takes only DATABASE_URL, so a schema would not do): empty, or a copy of `template`.
 * `drop()` removes it, even with connections still open.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(
    adminUrl,
    template ? `create database "${name}" template "${template}"` : `create database "${name}"`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}
