import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { OperatorRole } from '../../../domain/operator-roles';
import { emailKey } from '../../../domain/registration';
import { addDays } from '../../../domain/uk-time';
import { todayInLondonFast } from '../../lib/uk-clock';
import { hashPassword } from '../../services/accounts/passwords';
import type { Database } from '../schema';
import { markSeedRun, seedRunDone } from './seed-runs';

const SEED_NAME = 'operator-demo';

/** The console's demo accounts; the README lists them. */
export const DEMO_OPERATORS: {
  email: string;
  password: string;
  name: string;
  role: OperatorRole;
  company: string | null;
}[] = [
  {
    email: 'admin@ridebook.example',
    password: 'Operator-Admin-2026',
    name: 'Platform Admin',
    role: 'admin',
    company: null,
  },
  {
    email: 'dispatch@heathrow-executive.example',
    password: 'Dispatch-Demo-2026',
    name: 'Priya Shah',
    role: 'dispatcher',
    company: 'Heathrow Executive Cars',
  },
  {
    email: 'dispatch@thames-valley.example',
    password: 'Dispatch-Demo-2026',
    name: 'Tom Reid',
    role: 'dispatcher',
    company: 'Thames Valley Private Hire',
  },
  {
    email: 'dispatch@northern-star.example',
    password: 'Dispatch-Demo-2026',
    name: 'Aisha Khan',
    role: 'dispatcher',
    company: 'Northern Star Chauffeurs',
  },
  // Last: a test taking a company's first demo account gets its dispatcher.
  {
    email: 'manager@heathrow-executive.example',
    password: 'Manager-Demo-2026',
    name: 'Sam Patel',
    role: 'manager',
    company: 'Heathrow Executive Cars',
  },
];

/** The demo drivers' password for the driver app (issue 34); the README lists it. */
export const DEMO_DRIVER_PASSWORD = 'Driver-Demo-2026';

/**
 * A few drivers per company; licence expiry in days from the seed date. Those with a `login`
 * sign in to the driver app with it (the README lists them).
 */
export const DEMO_DRIVERS: {
  company: string;
  name: string;
  mobile: string;
  licence: string;
  expiresInDays: number;
  registration: string;
  category: string;
  login?: { email: string; password: string };
}[] = [
  {
    company: 'Heathrow Executive Cars',
    name: 'James Okafor',
    mobile: '+44 7700 900101',
    licence: 'PHD-10231',
    expiresInDays: 400,
    registration: 'LB71 XKE',
    category: 'Executive',
    login: { email: 'james.okafor@heathrow-executive.example', password: DEMO_DRIVER_PASSWORD },
  },
  {
    company: 'Heathrow Executive Cars',
    name: 'Sophie Turner',
    mobile: '+44 7700 900102',
    licence: 'PHD-10877',
    expiresInDays: 21,
    registration: 'LC22 HRT',
    category: 'Saloon',
  },
  {
    company: 'Heathrow Executive Cars',
    name: 'Marek Nowak',
    mobile: '+44 7700 900103',
    licence: 'PHD-09112',
    expiresInDays: -3,
    registration: 'LD19 MNO',
    category: 'MPV',
  },
  {
    company: 'Thames Valley Private Hire',
    name: 'Daniel Price',
    mobile: '+44 7700 900201',
    licence: 'TV-55102',
    expiresInDays: 300,
    registration: 'RX70 TVP',
    category: 'Saloon',
  },
  {
    company: 'Thames Valley Private Hire',
    name: 'Hannah Lewis',
    mobile: '+44 7700 900202',
    licence: 'TV-55981',
    expiresInDays: 500,
    registration: 'RY21 EST',
    category: 'Estate',
  },
  {
    company: 'Northern Star Chauffeurs',
    name: 'Callum Fraser',
    mobile: '+44 7700 900301',
    licence: 'NS-77001',
    expiresInDays: 250,
    registration: 'SN69 NSC',
    category: 'Executive',
    login: { email: 'callum.fraser@northern-star.example', password: DEMO_DRIVER_PASSWORD },
  },
  {
    company: 'Northern Star Chauffeurs',
    name: 'Grace Liu',
    mobile: '+44 7700 900302',
    licence: 'NS-77420',
    expiresInDays: 700,
    registration: 'SP20 GLU',
    category: 'Saloon',
  },
];

/** The demo drivers who sign in to the driver app, with their login. */
export const DEMO_DRIVER_LOGINS = DEMO_DRIVERS.flatMap((driver) =>
  driver.login
    ? [{ ...driver.login, name: driver.name, company: driver.company, licence: driver.licence }]
    : [],
);

/**
 * The console's demo accounts and drivers, once per version of this data (their own seed_runs
 * row, whose digest covers both lists), after the operators they belong to. Keyed by email and
 * licence number: a database seeded before an account or driver was added gets just that one,
 * and an account already there (deactivated, given a password of its own) is left as it is.
 * Only with the demo accounts (seed.ts's demoAccountsWanted): a published password must never
 * open a real console.
 */
export async function seedOperatorDemo(
  db: Kysely<Database>,
  now: Date,
  // Another version of the lists only for the tests of a database seeded before a change.
  demo: { operators: typeof DEMO_OPERATORS; drivers: typeof DEMO_DRIVERS } = {
    operators: DEMO_OPERATORS,
    drivers: DEMO_DRIVERS,
  },
): Promise<boolean> {
  const digest = createHash('sha256').update(JSON.stringify(demo)).digest('hex');
  const done = (run: Kysely<Database>) => seedRunDone(run, SEED_NAME, digest);
  if (await done(db)) return false;
  // Hashed before the transaction: on PGlite nothing else may run while it is open.
  const hashes = new Map<string, string>();
  const passwords = [...demo.operators, ...demo.drivers.flatMap((d) => (d.login ? [d.login] : []))];
  for (const password of new Set(passwords.map((o) => o.password))) {
    hashes.set(password, await hashPassword(password));
  }
  const today = todayInLondonFast(now);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('ridebook-operator-seed'))`.execute(trx);
    if (await done(trx)) return false;
    const companies = await trx.selectFrom('companies').select(['id', 'name']).execute();
    const categories = await trx.selectFrom('fleet_categories').select(['id', 'name']).execute();
    const companyId = new Map(companies.map((c) => [c.name, c.id]));
    const categoryId = new Map(categories.map((c) => [c.name, c.id]));
    for (const operator of demo.operators) {
      const company = operator.company === null ? null : companyId.get(operator.company);
      if (company === undefined) continue;
      await trx
        .insertInto('operators')
        .values({
          email: operator.email,
          email_key: emailKey(operator.email),
          name: operator.name,
          password_hash: hashes.get(operator.password)!,
          role: operator.role,
          company_id: company,
        })
        .onConflict((oc) => oc.column('email_key').doNothing())
        .execute();
    }
    await seedDrivers(trx, demo.drivers, { companyId, categoryId, categories, today, hashes });
    await markSeedRun(trx, SEED_NAME, digest);
    return true;
  });
}

/**
 * The demo drivers missing from the database (keyed by licence number), and the driver app's
 * login of those that have one: given to a driver already there only while they have neither
 * an email nor a password of their own, and while no other driver has that email.
 */
async function seedDrivers(
  trx: Kysely<Database>,
  drivers: typeof DEMO_DRIVERS,
  known: {
    companyId: Map<string, number>;
    categoryId: Map<string, number>;
    categories: { id: number }[];
    today: string;
    hashes: Map<string, string>;
  },
): Promise<void> {
  const existing = await trx.selectFrom('drivers').select(['licence_number', 'email']).execute();
  const seeded = new Set(existing.map((d) => d.licence_number));
  const emails = new Set(existing.flatMap((d) => (d.email ? [emailKey(d.email)] : [])));
  for (const driver of drivers) {
    const company = known.companyId.get(driver.company);
    const category = known.categoryId.get(driver.category) ?? known.categories[0]?.id;
    if (company === undefined || category === undefined) continue;
    const login =
      driver.login && !emails.has(emailKey(driver.login.email))
        ? { email: driver.login.email, password_hash: known.hashes.get(driver.login.password)! }
        : undefined;
    if (seeded.has(driver.licence)) {
      if (!login) continue;
      await trx
        .updateTable('drivers')
        .set(login)
        .where('licence_number', '=', driver.licence)
        .where('email', 'is', null)
        .where('password_hash', 'is', null)
        .execute();
      continue;
    }
    await trx
      .insertInto('drivers')
      .values({
        company_id: company,
        name: driver.name,
        mobile: driver.mobile,
        licence_number: driver.licence,
        licence_expiry: addDays(known.today, driver.expiresInDays),
        vehicle_registration: driver.registration,
        category_id: category,
        ...login,
      })
      .execute();
  }
}
