import { expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import type { BreakdownWire, PriceDetail } from '../../src/contract/quotes';
import { poundsToPence, type Pence } from '../../src/domain/money';
import { API_HEADERS } from './helpers';
import type { TestApp } from './helpers';

/** Saturday 21 November 2026, 10:00 in London (GMT): every quote test's "now". */
export const FIXED_NOW = new Date('2026-11-21T10:00:00Z');
export const fixedClock = () => FIXED_NOW;

/** A Tuesday well clear of the grace period, no bank holiday anywhere in the UK. */
export const PLAIN_DAY = '2026-11-24';

export const HEATHROW_T5 = 'Heathrow Airport Terminal 5';
export const GATWICK_SOUTH = 'Gatwick Airport South Terminal';
export const CHARING_CROSS = 'Charing Cross station';

/** POSTs a JSON body (or raw text) to a price call with the demo keys. */
export async function postQuote(
  t: TestApp,
  path: keyof typeof API_PATHS,
  body: unknown,
  options: { raw?: boolean; headers?: InjectOptions['headers'] } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${API_BASE}${API_PATHS[path]}`,
    headers: { ...API_HEADERS, 'content-type': 'application/json', ...options.headers },
    payload: options.raw ? (body as string) : JSON.stringify(body),
  });
}

/**
 * A request body. Loosely typed on purpose: tests send what clients send, numbers as text,
 * fields left out, and things no client should send at all.
 */
export type FormBody = Record<string, unknown>;

/** A one-way mileage form from Heathrow T5 to Gatwick at 10:15 on a plain weekday. */
export function mileageForm(overrides: FormBody = {}): FormBody {
  return {
    pickup: HEATHROW_T5,
    dropoff: GATWICK_SOUTH,
    pickup_date: PLAIN_DAY,
    pickup_hour: '10am',
    pickup_min: '15',
    passengers: '2',
    select_option: 'one_way',
    ...overrides,
  };
}

/** A 4-hour hire from Charing Cross at 10:00 on a plain weekday. */
export function hourlyForm(overrides: FormBody = {}): FormBody {
  return {
    pickup: CHARING_CROSS,
    pickup_date: PLAIN_DAY,
    pickup_duration: '4hour',
    pickup_hour: '10am',
    pickup_min: '00',
    ...overrides,
  };
}

/** Pounds to whole pence, for comparing money exactly. */
export function pence(pounds: number | undefined): Pence {
  return poundsToPence(pounds ?? 0);
}

/** Asserts the named parts add up to final_price to the penny, and returns the parts. */
export function expectBreakdownSums(breakdown: BreakdownWire, finalPrice: number): BreakdownWire {
  const { final_price: stated, ...parts } = breakdown;
  expect(pence(stated)).toBe(pence(finalPrice));
  const sum = Object.values(parts).reduce((total, pounds) => total + pence(pounds), 0);
  expect(sum).toBe(pence(finalPrice));
  return parts;
}

/** The offer of one operator for one vehicle type. */
export function offerOf(details: PriceDetail[], company: string, vehicle: string): PriceDetail {
  const found = details.find((d) => d.company_name === company && d.vehicle_type === vehicle);
  if (!found) throw new Error(`No ${vehicle} offer from ${company}`);
  return found;
}

/**
 * Sets settings rows for the length of `run`, then puts the old values back. Like any writer
 * of settings, it tells the app, which keeps them in memory for quotes, after each change.
 */
export async function withSettings<T>(
  t: TestApp,
  values: Record<string, string>,
  run: () => Promise<T>,
): Promise<T> {
  const db = t.db.handle.db;
  const before = await db
    .selectFrom('settings')
    .select(['setting_name', 'setting_value'])
    .where('setting_name', 'in', Object.keys(values))
    .execute();
  for (const [setting_name, setting_value] of Object.entries(values)) {
    await db
      .updateTable('settings')
      .set({ setting_value })
      .where('setting_name', '=', setting_name)
      .execute();
  }
  t.app.invalidateQuoteCaches();
  try {
    return await run();
  } finally {
    for (const row of before) {
      await db
        .updateTable('settings')
        .set({ setting_value: row.setting_value })
        .where('setting_name', '=', row.setting_name)
        .execute();
    }
    t.app.invalidateQuoteCaches();
  }
}
