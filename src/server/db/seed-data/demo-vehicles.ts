import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { addDays } from '../../../domain/uk-time';
import { todayInLondonFast } from '../../lib/uk-clock';
import type { Database } from '../schema';
import { markSeedRun, seedRunDone } from './seed-runs';

const SEED_NAME = 'vehicle-demo';

/**
 * The demo drivers' usual vehicles (issue 34), keyed by company and registration (the demo
 * drivers' own, operator-accounts.ts); document expiries in days from the seed date. Some are
 * near expiry, so the pages show their flags; Marek Nowak's (his licence expired too) has an
 * expired MOT.
 */
export const DEMO_VEHICLES: {
  company: string;
  registration: string;
  make: string;
  model: string;
  colour: string;
  seats: number;
  category: string;
  phvLicence: string;
  /** Days from the seed date to each document's expiry. */
  expiresInDays: { phv: number; mot: number; insurance: number };
}[] = [
  {
    company: 'Heathrow Executive Cars',
    registration: 'LB71 XKE',
    make: 'Mercedes-Benz',
    model: 'E-Class',
    colour: 'Black',
    seats: 4,
    category: 'Executive',
    phvLicence: 'HEC-V-2201',
    expiresInDays: { phv: 320, mot: 210, insurance: 160 },
  },
  {
    company: 'Heathrow Executive Cars',
    registration: 'LC22 HRT',
    make: 'Toyota',
    model: 'Corolla',
    colour: 'Silver',
    seats: 4,
    category: 'Saloon',
    phvLicence: 'HEC-V-2202',
    expiresInDays: { phv: 250, mot: 18, insurance: 300 },
  },
  {
    company: 'Heathrow Executive Cars',
    registration: 'LD19 MNO',
    make: 'Ford',
    model: 'Galaxy',
    colour: 'Grey',
    seats: 6,
    category: 'MPV',
    phvLicence: 'HEC-V-2203',
    expiresInDays: { phv: 120, mot: -10, insurance: 90 },
  },
  {
    company: 'Thames Valley Private Hire',
    registration: 'RX70 TVP',
    make: 'Skoda',
    model: 'Octavia',
    colour: 'White',
    seats: 4,
    category: 'Saloon',
    phvLicence: 'TV-V-0071',
    expiresInDays: { phv: 200, mot: 95, insurance: 27 },
  },
  {
    company: 'Thames Valley Private Hire',
    registration: 'RY21 EST',
    make: 'Volkswagen',
    model: 'Passat Estate',
    colour: 'Blue',
    seats: 4,
    category: 'Estate',
    phvLicence: 'TV-V-0072',
    expiresInDays: { phv: 330, mot: 140, insurance: 260 },
  },
  {
    company: 'Northern Star Chauffeurs',
    registration: 'SN69 NSC',
    make: 'BMW',
    model: '5 Series',
    colour: 'Black',
    seats: 4,
    category: 'Executive',
    phvLicence: 'NS-V-0301',
    expiresInDays: { phv: 280, mot: 175, insurance: 230 },
  },
  {
    company: 'Northern Star Chauffeurs',
    registration: 'SP20 GLU',
    make: 'Toyota',
    model: 'Camry',
    colour: 'Grey',
    seats: 4,
    category: 'Saloon',
    phvLicence: 'NS-V-0302',
    expiresInDays: { phv: 365, mot: 60, insurance: 200 },
  },
];

/**
 * The demo vehicles, once per version of this list (their own seed_runs row), after the demo
 * drivers: each is added, or completed where migration 0026 copied its registration with
 * nothing else known (an operator's own details are never overwritten), and every driver
 * without a usual vehicle gets the company's vehicle of their registration.
 */
export async function seedVehicleDemo(
  db: Kysely<Database>,
  now: Date,
  vehicles: typeof DEMO_VEHICLES = DEMO_VEHICLES,
): Promise<boolean> {
  const digest = createHash('sha256').update(JSON.stringify(vehicles)).digest('hex');
  if (await seedRunDone(db, SEED_NAME, digest)) return false;
  const today = todayInLondonFast(now);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('ridebook-vehicle-seed'))`.execute(trx);
    if (await seedRunDone(trx, SEED_NAME, digest)) return false;
    const companies = await trx.selectFrom('companies').select(['id', 'name']).execute();
    const categories = await trx.selectFrom('fleet_categories').select(['id', 'name']).execute();
    const companyId = new Map(companies.map((c) => [c.name, c.id]));
    const categoryId = new Map(categories.map((c) => [c.name, c.id]));
    for (const vehicle of vehicles) {
      const company = companyId.get(vehicle.company);
      const category = categoryId.get(vehicle.category) ?? categories[0]?.id;
      if (company === undefined || category === undefined) continue;
      const details = {
        make: vehicle.make,
        model: vehicle.model,
        colour: vehicle.colour,
        seats: vehicle.seats,
        category_id: category,
        phv_licence_number: vehicle.phvLicence,
        phv_licence_expiry: addDays(today, vehicle.expiresInDays.phv),
        mot_expiry: addDays(today, vehicle.expiresInDays.mot),
        insurance_expiry: addDays(today, vehicle.expiresInDays.insurance),
      };
      await trx
        .insertInto('vehicles')
        .values({ company_id: company, registration: vehicle.registration, ...details })
        .onConflict((oc) =>
          oc
            .columns(['company_id', 'registration'])
            .doUpdateSet(details)
            .where('vehicles.make', '=', '')
            .where('vehicles.phv_licence_expiry', 'is', null),
        )
        .execute();
    }
    await sql`
      update drivers set vehicle_id = vehicles.id from vehicles
      where drivers.vehicle_id is null and vehicles.company_id = drivers.company_id
        and vehicles.registration = drivers.vehicle_registration
    `.execute(trx);
    await markSeedRun(trx, SEED_NAME, digest);
    return true;
  });
}
