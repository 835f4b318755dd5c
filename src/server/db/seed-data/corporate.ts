import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { legsOf } from '../../../domain/booking-jobs';
import { emailKey } from '../../../domain/registration';
import { londonWallClockToUtcFast, todayInLondonFast } from '../../lib/uk-clock';
import { hashPassword } from '../../services/accounts/passwords';
import type { Database } from '../schema';
import { markSeedRun, seedRunDone } from './seed-runs';

/** The demo corporate passenger; README's Demo data section lists these credentials. */
export const DEMO_CORPORATE = {
  email: 'corporate@ridebook.example',
  password: 'Thames-Valley-2026',
  firstName: 'Eleanor Hart',
  phone: '+44 7700 900456',
} as const;

interface DemoCorporateBooking {
  number: string;
  /** Days from the seed date; negative is in the past. */
  dayOffset: number;
  time: string;
  kind: 'one_way' | 'return' | 'hourly';
  company: string;
  category: string;
  from: string;
  to: string;
  payment: 'card' | 'car';
  totalPence: number;
  vehicles?: number;
  returnTime?: string;
  hours?: number;
  flight?: string;
  stops?: { address: string; postcode: string; number: string }[];
  extras?: Record<string, number | 'yes' | 'no'>;
  passengers?: number;
  info?: string;
}

const HEATHROW = 'Heathrow Airport Terminal 5, TW6 2GA';
const PADDINGTON = 'London Paddington Station, W2 1HQ';
const READING = 'Reading Station, RG1 1LZ';
const GATWICK = 'Gatwick Airport North Terminal, RH6 0PJ';
const CANARY = 'Canary Wharf, E14 5AB';

export const DEMO_CORPORATE_BOOKINGS: DemoCorporateBooking[] = [
  {
    number: '710000001',
    dayOffset: -40,
    time: '07:15',
    kind: 'one_way',
    company: 'Heathrow Executive Cars',
    category: 'Executive',
    from: READING,
    to: HEATHROW,
    payment: 'card',
    totalPence: 8950,
    flight: 'BA117',
    extras: { luggages: 2, meet_and_greet: 'no' },
  },
  {
    number: '710000002',
    dayOffset: -33,
    time: '18:30',
    kind: 'return',
    company: 'Thames Valley Private Hire',
    category: 'Saloon',
    from: READING,
    to: PADDINGTON,
    payment: 'car',
    totalPence: 15400,
    returnTime: '22:45',
    extras: { luggages: 1 },
  },
  {
    number: '710000003',
    dayOffset: -26,
    time: '09:00',
    kind: 'hourly',
    company: 'Northern Star Chauffeurs',
    category: 'Executive',
    from: CANARY,
    to: '',
    payment: 'card',
    totalPence: 24000,
    hours: 4,
    info: 'Client meetings in the City.',
  },
  {
    number: '710000004',
    dayOffset: -19,
    time: '05:40',
    kind: 'one_way',
    company: 'Heathrow Executive Cars',
    category: 'Estate',
    from: 'Windsor Castle, SL4 1NJ',
    to: GATWICK,
    payment: 'card',
    totalPence: 13200,
    flight: 'EZY8031',
    extras: { luggages: 4, special_luggage: 1 },
    passengers: 3,
  },
  {
    number: '710000005',
    dayOffset: -12,
    time: '14:10',
    kind: 'one_way',
    company: 'Thames Valley Private Hire',
    category: 'Saloon',
    from: PADDINGTON,
    to: 'The Shard, SE1 9SG',
    payment: 'car',
    totalPence: 3850,
    stops: [{ address: 'Liverpool Street Station, EC2M 7PY', postcode: 'EC2M 7PY', number: '' }],
  },
  {
    number: '710000006',
    dayOffset: -5,
    time: '11:20',
    kind: 'return',
    company: 'Northern Star Chauffeurs',
    category: 'MPV',
    from: 'Oxford, OX1 1DP',
    to: HEATHROW,
    payment: 'card',
    totalPence: 27600,
    returnTime: '19:05',
    flight: 'VS3',
    extras: { luggages: 5, baby_seats: 1, booster_seats: 1, meet_and_greet: 'yes' },
    passengers: 5,
  },
  {
    number: '710000007',
    dayOffset: -1,
    time: '08:00',
    kind: 'one_way',
    company: 'Heathrow Executive Cars',
    category: 'Saloon',
    from: HEATHROW,
    to: READING,
    payment: 'card',
    totalPence: 7600,
    flight: 'BA295',
    extras: { meet_and_greet: 'yes', waiting_min: 30, luggages: 2 },
  },
  {
    number: '710000008',
    dayOffset: 3,
    time: '16:45',
    kind: 'hourly',
    company: 'Thames Valley Private Hire',
    category: 'Estate',
    from: READING,
    to: '',
    payment: 'car',
    totalPence: 19800,
    hours: 6,
    vehicles: 2,
    passengers: 7,
  },
  {
    number: '710000009',
    dayOffset: 8,
    time: '06:30',
    kind: 'one_way',
    company: 'Northern Star Chauffeurs',
    category: 'Executive',
    from: CANARY,
    to: GATWICK,
    payment: 'card',
    totalPence: 11900,
    stops: [
      { address: '10 Downing Street, SW1A 2AA', postcode: 'SW1A 2AA', number: '10' },
      { address: 'Victoria Station, SW1V 1JU', postcode: 'SW1V 1JU', number: '' },
    ],
    extras: { wheel_chair: 'yes' },
  },
  {
    number: '710000010',
    dayOffset: 15,
    time: '12:00',
    kind: 'return',
    company: 'Heathrow Executive Cars',
    category: 'Executive',
    from: 'Bracknell, RG12 1AN',
    to: HEATHROW,
    payment: 'card',
    totalPence: 17300,
    returnTime: '21:30',
    flight: 'AA107',
    extras: { luggages: 3, special_luggage: 2 },
  },
  {
    number: '710000011',
    dayOffset: 22,
    time: '10:15',
    kind: 'one_way',
    company: 'Thames Valley Private Hire',
    category: 'MPV',
    from: 'Slough, SL1 1XW',
    to: 'Wembley Stadium, HA9 0WS',
    payment: 'car',
    totalPence: 6400,
    passengers: 6,
    info: 'Team outing; call on arrival.',
  },
  {
    number: '710000012',
    dayOffset: 29,
    time: '20:50',
    kind: 'one_way',
    company: 'Northern Star Chauffeurs',
    category: 'Saloon',
    from: GATWICK,
    to: CANARY,
    payment: 'card',
    totalPence: 9800,
    flight: 'BA2541',
    extras: { meet_and_greet: 'yes', waiting_min: 15 },
  },
];

const SEED_NAME = 'demo-corporate';

/**
 * The seed_runs row whose digest holds the demo passenger's id, as seeded: the passenger can
 * change its email and keep the published password, so the production check (demo-logins.ts)
 * finds it by this id as well as by the demo's email.
 */
export const DEMO_PASSENGER_ID_RUN = 'demo-corporate-passenger-id';

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function at(date: string, time: string): Date {
  const [hour, minute] = time.split(':').map(Number);
  return londonWallClockToUtcFast(date, hour!, minute!);
}

/** A demo ride in the past has been driven; one to come is confirmed. */
function demoStatus(dayOffset: number): 'completed' | 'confirmed' {
  return dayOffset < 0 ? 'completed' : 'confirmed';
}

/**
 * The demo corporate passenger and a dozen bookings, once: its own seed_runs row keeps a
 * later start (or a changed password) from writing them again, and every insert skips rows
 * already there. Dates are spread around the day it first runs.
 */
export async function seedCorporateDemo(db: Kysely<Database>, now: Date): Promise<boolean> {
  const digest = createHash('sha256')
    .update(JSON.stringify({ passenger: DEMO_CORPORATE, bookings: DEMO_CORPORATE_BOOKINGS }))
    .digest('hex');
  const done = (run: Kysely<Database>) => seedRunDone(run, SEED_NAME, digest);
  if (await done(db)) return false;
  // Hashed before the transaction: on PGlite nothing else may run while it is open.
  const passwordHash = await hashPassword(DEMO_CORPORATE.password);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('ridebook-corporate-seed'))`.execute(trx);
    if (await done(trx)) return false;
    await trx
      .insertInto('passengers')
      .values({
        email: DEMO_CORPORATE.email,
        email_key: emailKey(DEMO_CORPORATE.email),
        first_name: DEMO_CORPORATE.firstName,
        last_name: '',
        phone: DEMO_CORPORATE.phone,
        password_hash: passwordHash,
      })
      .onConflict((oc) => oc.column('email_key').doNothing())
      .execute();
    const passenger = await trx
      .selectFrom('passengers')
      .select(['id', 'email', 'first_name', 'last_name', 'phone'])
      .where('email_key', '=', emailKey(DEMO_CORPORATE.email))
      .executeTakeFirstOrThrow();
    await markSeedRun(trx, DEMO_PASSENGER_ID_RUN, String(passenger.id));
    const companies = await trx.selectFrom('companies').select(['id', 'name']).execute();
    const categories = await trx.selectFrom('fleet_categories').select(['id', 'name']).execute();
    const companyId = new Map(companies.map((c) => [c.name, c.id]));
    const categoryId = new Map(categories.map((c) => [c.name, c.id]));
    const today = todayInLondonFast(now);

    for (const [index, b] of DEMO_CORPORATE_BOOKINGS.entries()) {
      const company_id = companyId.get(b.company);
      const category_id = categoryId.get(b.category);
      if (company_id === undefined || category_id === undefined) continue;
      const date = addDays(today, b.dayOffset);
      const returnDate = b.kind === 'return' ? date : null;
      const vehicles = b.vehicles ?? 1;
      const extras = {
        passengers: b.passengers ?? 1,
        luggages: 0,
        hand_luggages: 0,
        special_luggage: 0,
        baby_seats: 0,
        booster_seats: 0,
        waiting_min: 0,
        meet_and_greet: 'no',
        wheel_chair: 'no',
        ...b.extras,
      };
      const inserted = await trx
        .insertInto('bookings')
        .values({
          booking_number: b.number,
          booking_type: b.kind === 'hourly' ? 'hourly' : 'milleage',
          ride_type: b.kind === 'hourly' ? 'H' : 'Q',
          journey_type: b.kind,
          registration_mode: 'existing_client',
          passenger_id: passenger.id,
          company_id,
          category_id,
          vehicle_count: vehicles,
          pick_up_address: b.from,
          drop_off_address: b.to,
          pick_up_date: date,
          pick_up_time: b.time,
          pickup_at: at(date, b.time),
          return_pickup_address: b.kind === 'return' ? b.to : null,
          return_dropoff_address: b.kind === 'return' ? b.from : null,
          return_date: returnDate,
          return_time: b.returnTime ?? null,
          return_at: returnDate && b.returnTime ? at(returnDate, b.returnTime) : null,
          hourly_duration: b.hours ?? null,
          flight_no: b.flight ?? '',
          return_flight_no: '',
          payment_method: b.payment,
          payment_status: b.payment === 'card' ? 'paid' : 'pay_in_car',
          status: demoStatus(b.dayOffset),
          price_pence: Math.round(b.totalPence / vehicles),
          total_pence: b.totalPence,
          breakdown: JSON.stringify({}),
          form: JSON.stringify({ pickup: b.from, dropoff: b.to, ...extras }),
          // Booked every other day up to the seed date, in list order, so newest first is
          // the list reversed.
          created_at: new Date(
            now.getTime() - (DEMO_CORPORATE_BOOKINGS.length - index) * 2 * 86_400_000,
          ),
        })
        .onConflict((oc) => oc.column('booking_number').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) continue;
      await trx
        .insertInto('booking_jobs')
        .values(
          legsOf(b.kind).map((leg) => ({
            booking_id: inserted.id,
            leg,
            status: demoStatus(b.dayOffset),
          })),
        )
        .execute();
      await trx
        .insertInto('booking_passengers')
        .values({
          booking_id: inserted.id,
          passenger_id: passenger.id,
          name: `${passenger.first_name} ${passenger.last_name}`.trim(),
          email: passenger.email,
          phone: passenger.phone,
          additional_info: b.info ?? '',
          total_passengers: extras.passengers,
        })
        .execute();
      await trx
        .insertInto('booking_status_history')
        .values({
          booking_id: inserted.id,
          at: new Date(now.getTime() - (DEMO_CORPORATE_BOOKINGS.length - index) * 2 * 86_400_000),
          actor: 'system',
          actor_name: 'System',
          from_status: null,
          to_status: demoStatus(b.dayOffset),
          note: 'Demo booking',
        })
        .execute();
      if (b.stops?.length) {
        await trx
          .insertInto('booking_stops')
          .values(
            b.stops.map((stop, position) => ({
              booking_id: inserted.id,
              position,
              stop_address: stop.address,
              stop_post_code: stop.postcode,
              stop_street_number: stop.number,
            })),
          )
          .execute();
      }
    }
    await markSeedRun(trx, SEED_NAME, digest);
    return true;
  });
}
