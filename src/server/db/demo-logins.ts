import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { emailKey } from '../../domain/registration';
import { hashPassword, verifyPassword } from '../services/accounts/passwords';
import type { Database } from './schema';
import { DEMO_CORPORATE, DEMO_PASSENGER_ID_RUN } from './seed-data/corporate';
import { DEMO_DRIVER_LOGINS, DEMO_OPERATORS } from './seed-data/operator-accounts';

/** The command (package.json) that disables the demo's sign-ins on the configured database. */
export const DISABLE_DEMO_LOGINS_COMMAND = 'npm run disable-demo-logins';

/** An account whose password is one the README publishes. */
export interface DemoLogin {
  kind: 'operator' | 'passenger' | 'driver';
  email: string;
}

/** Every password the README publishes for a demo account, whichever account it belongs to. */
const PUBLISHED_PASSWORDS = [
  ...new Set([
    ...DEMO_OPERATORS.map((o) => o.password),
    DEMO_CORPORATE.password,
    ...DEMO_DRIVER_LOGINS.map((d) => d.password),
  ]),
];

const DEMO_EMAILS: Record<'operator' | 'passenger', string[]> = {
  operator: DEMO_OPERATORS.map((o) => emailKey(o.email)),
  passenger: [emailKey(DEMO_CORPORATE.email)],
};

const TABLES = { operator: 'operators', passenger: 'passengers' } as const;

/** The demo passenger's id as seeded, if the seed recorded it. */
async function seededPassengerId(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db
    .selectFrom('seed_runs')
    .select('digest')
    .where('name', '=', DEMO_PASSENGER_ID_RUN)
    .executeTakeFirst();
  const id = Number(row?.digest);
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * The demo's accounts as stored, with their hashes; those not in the database are left out.
 * The demo passenger is also found by its seeded id: it may have changed its email.
 */
async function demoAccounts(db: Kysely<Database>) {
  const rows: (DemoLogin & { id: number; hash: string })[] = [];
  const seededIds = { operator: [] as number[], passenger: [] as number[] };
  const passengerId = await seededPassengerId(db);
  if (passengerId !== undefined) seededIds.passenger.push(passengerId);
  for (const kind of ['operator', 'passenger'] as const) {
    let query = db
      .selectFrom(TABLES[kind])
      .select(['id', 'email', 'password_hash'])
      .where((eb) =>
        eb.or([
          eb('email_key', 'in', DEMO_EMAILS[kind]),
          ...(seededIds[kind].length > 0 ? [eb('id', 'in', seededIds[kind])] : []),
        ]),
      );
    // An inactive console account cannot sign in, whatever its password: no hash to check.
    if (kind === 'operator') query = query.where('operators.active', '=', true);
    const found = await query.orderBy('id').execute();
    // An invited account that has set no password yet opens with nothing.
    for (const r of found) {
      if (r.password_hash !== null)
        rows.push({ kind, id: r.id, email: r.email, hash: r.password_hash });
    }
  }
  return [...rows, ...(await demoDrivers(db))];
}

/**
 * The demo drivers with a password, found by their email or, should it have changed, by their
 * seeded licence number. A deactivated driver cannot sign in, whatever their password.
 */
async function demoDrivers(db: Kysely<Database>) {
  const emails = DEMO_DRIVER_LOGINS.map((d) => emailKey(d.email));
  const licences = DEMO_DRIVER_LOGINS.map((d) => d.licence);
  const found = await db
    .selectFrom('drivers')
    .select(['id', 'email', 'password_hash'])
    .where((eb) =>
      eb.or([eb(eb.fn('lower', ['email']), 'in', emails), eb('licence_number', 'in', licences)]),
    )
    .where('active', '=', true)
    .where('password_hash', 'is not', null)
    .orderBy('id')
    .execute();
  return found.map((r) => ({
    kind: 'driver' as const,
    id: r.id,
    email: r.email ?? '',
    hash: r.password_hash!,
  }));
}

/** True when `hash` opens with any published password. */
async function opensWithPublishedPassword(hash: string): Promise<boolean> {
  for (const password of PUBLISHED_PASSWORDS) {
    if (await verifyPassword(hash, password)) return true;
  }
  return false;
}

/**
 * The accounts that still sign in with a published password. Checked against the stored hash,
 * not the email: an operator who kept the demo's admin and gave it a password of their own
 * has nothing to remove.
 */
export async function findDemoLogins(db: Kysely<Database>): Promise<DemoLogin[]> {
  const open: DemoLogin[] = [];
  for (const account of await demoAccounts(db)) {
    if (await opensWithPublishedPassword(account.hash)) {
      open.push({ kind: account.kind, email: account.email });
    }
  }
  return open;
}

/**
 * Disables every account findDemoLogins names: its password becomes a random one nobody
 * knows, a console account is made inactive, and its sessions, reset codes and a driver's
 * invitations are deleted.
 * The accounts stay (bookings and the status history refer to them). Returns what it disabled.
 */
export async function disableDemoLogins(db: Kysely<Database>): Promise<DemoLogin[]> {
  const disabled: DemoLogin[] = [];
  for (const account of await demoAccounts(db)) {
    if (!(await opensWithPublishedPassword(account.hash))) continue;
    // Hashed outside the transaction: on PGlite nothing else may run while one is open.
    const hash = await hashPassword(randomBytes(32).toString('base64url'));
    await db.transaction().execute(async (trx) => {
      if (account.kind === 'operator') {
        await trx
          .updateTable('operators')
          .set({ password_hash: hash, active: false })
          .where('id', '=', account.id)
          .execute();
        await trx.deleteFrom('operator_sessions').where('operator_id', '=', account.id).execute();
      } else if (account.kind === 'driver') {
        // The driver stays on the company's list for dispatch: only the app's way in closes.
        await trx
          .updateTable('drivers')
          .set({ password_hash: hash })
          .where('id', '=', account.id)
          .execute();
        await trx.deleteFrom('driver_sessions').where('driver_id', '=', account.id).execute();
        await trx.deleteFrom('driver_invitations').where('driver_id', '=', account.id).execute();
      } else {
        await trx
          .updateTable('passengers')
          .set({ password_hash: hash })
          .where('id', '=', account.id)
          .execute();
        await trx.deleteFrom('passenger_sessions').where('passenger_id', '=', account.id).execute();
        await trx.deleteFrom('reset_codes').where('passenger_id', '=', account.id).execute();
      }
    });
    disabled.push({ kind: account.kind, email: account.email });
  }
  return disabled;
}

/** Thrown at a production start while any account still opens with a published password. */
export class DemoLoginsError extends Error {
  constructor(readonly logins: DemoLogin[]) {
    super(
      [
        'NODE_ENV=production: these accounts still sign in with the demo passwords published in ' +
          'the README, so anyone could use them:',
        ...logins.map((login) => `  - ${login.email} (${login.kind})`),
        `Disable them with \`${DISABLE_DEMO_LOGINS_COMMAND}\` (same DATA_DIR or DATABASE_URL, ` +
          'server stopped), then start again.',
      ].join('\n'),
    );
    this.name = 'DemoLoginsError';
  }
}

/** Throws DemoLoginsError when any account still opens with a published password. */
export async function refuseDemoLogins(db: Kysely<Database>): Promise<void> {
  const logins = await findDemoLogins(db);
  if (logins.length > 0) throw new DemoLoginsError(logins);
}
