import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargesResponseSchema,
  pricePreviewResponseSchema,
  priceVersionResponseSchema,
  priceVersionsResponseSchema,
} from '../../src/contract/operator-prices';
import { offersFor, startBookingApp } from './booking-fixtures';
import type { TestApp } from './helpers';
import { testDatabaseKinds } from './helpers';
import { ADMIN, dispatcherOf, signIn } from './operator-fixtures';
import { cardBody, MANAGER, priceCall, rateCards } from './price-fixtures';
import { mileageForm, offerOf, pence } from './quote-fixtures';

const COMPANY = MANAGER.company!;

/**
 * The Prices page's API (issue 33): a manager edits its own company's prices and no other's,
 * each save is a version that can be restored, a stale save is refused, and a public quote
 * follows the saved prices at once.
 */
describe.each(testDatabaseKinds())('the Prices API on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  let dispatcher: string;

  beforeAll(async () => {
    t = await startBookingApp(kind);
    [manager, admin, dispatcher] = [
      await signIn(t, MANAGER),
      await signIn(t, ADMIN),
      await signIn(t, dispatcherOf(COMPANY)),
    ];
  });
  afterAll(async () => t?.close());

  const saloonPrice = async () =>
    offerOf(await offersFor(t, mileageForm()), COMPANY, 'Saloon').final_price;
  const saloonCard = async () =>
    (await rateCards(t, manager)).find((c) => c.category_name === 'Saloon')!;

  it('refuses a dispatcher every call, and a manager another company and the admin-only calls', async () => {
    for (const [method, path] of [
      ['GET', '/operator/rate-cards'],
      ['PUT', '/operator/rate-cards/1'],
      ['GET', '/operator/fixed-fares'],
      ['GET', '/operator/charges'],
      ['GET', '/operator/prices/versions'],
      ['POST', '/operator/price-preview'],
      ['GET', '/operator/zones'],
      ['GET', '/operator/bank-holidays'],
    ] as const) {
      const res = await priceCall(t, method, path, dispatcher, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    expect((await priceCall(t, 'GET', '/operator/zones', manager)).statusCode).toBe(403);
    expect((await priceCall(t, 'GET', '/operator/zones', admin)).statusCode).toBe(200);

    const mine = await rateCards(t, manager);
    expect(new Set(mine.map((c) => c.company_name))).toEqual(new Set([COMPANY]));
    const other = (await rateCards(t, admin)).find((c) => c.company_name !== COMPANY)!;
    const put = await priceCall(
      t,
      'PUT',
      `/operator/rate-cards/${other.id}`,
      manager,
      cardBody(other),
    );
    expect(put.statusCode, put.body).toBe(404);
    const charges = await priceCall(
      t,
      'GET',
      `/operator/charges?company_id=${other.company_id}`,
      manager,
    );
    expect(charges.statusCode).toBe(404);
    const adminCharges = await priceCall(t, 'GET', '/operator/charges', admin);
    expect(adminCharges.statusCode).toBe(400);
    expect(adminCharges.json().errors[0].path).toBe('company_id');
  });

  it('refuses a bad card with a 400 naming the field, and saves nothing', async () => {
    const card = await saloonCard();
    const cases: [unknown, string][] = [
      [{ ...cardBody(card), base_fare: 'ten' }, 'base_fare'],
      [{ ...cardBody(card), minimum_fare: 12.345 }, 'minimum_fare'],
      [
        {
          ...cardBody(card),
          mile_bands: [
            { up_to_miles: 10, per_mile: 2 },
            { up_to_miles: 5, per_mile: 1 },
            { up_to_miles: null, per_mile: 1 },
          ],
        },
        'mile_bands.1.up_to_miles',
      ],
      [
        { ...cardBody(card), mile_bands: [{ up_to_miles: 10, per_mile: 2 }] },
        'mile_bands.0.up_to_miles',
      ],
      [{ ...cardBody(card), hourly_rates: { '3': 100 } }, 'hourly_rates'],
    ];
    for (const [body, path] of cases) {
      const res = await priceCall(t, 'PUT', `/operator/rate-cards/${card.id}`, manager, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const charges = await priceCall(t, 'PUT', '/operator/charges', manager, {
      airport_pickup_charge: 5,
      night_uplift_percent: 20,
      night_start: '25:00',
      night_end: '06:00',
      bank_holiday_uplift_percent: 0,
      version: 1,
    });
    expect(charges.statusCode).toBe(400);
    expect(charges.json().errors[0].path).toBe('night_start');
    expect(await saloonCard()).toEqual(card);
  });

  it('prices a public quote £10 dearer after the saloon base fare rises by £10, and back after Restore', async () => {
    const before = await saloonPrice();
    const card = await saloonCard();
    const res = await priceCall(
      t,
      'PUT',
      `/operator/rate-cards/${card.id}`,
      manager,
      cardBody(card, { base_fare: card.base_fare + 10 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rate_card).toMatchObject({
      base_fare: card.base_fare + 10,
      version: card.version + 1,
      updated_by: 'Sam Patel',
    });
    expect(pence(await saloonPrice())).toBe(pence(before) + 1000);

    const history = priceVersionsResponseSchema.parse(
      (await priceCall(t, 'GET', '/operator/prices/versions', manager)).json(),
    );
    const [latest, first] = history.versions;
    expect(latest).toMatchObject({ operator_name: 'Sam Patel', current: true });
    expect(latest!.changes).toEqual([
      `Saloon: base fare £${card.base_fare.toFixed(2)} → £${(card.base_fare + 10).toFixed(2)}`,
    ]);
    const activity = await t.db.handle.db
      .selectFrom('console_activity')
      .selectAll()
      .where('kind', '=', 'prices')
      .execute();
    expect(activity.at(-1)).toMatchObject({
      operator_name: 'Sam Patel',
      summary: latest!.changes[0],
    });
    expect(activity.at(-1)!.before).not.toEqual(activity.at(-1)!.after);

    const restore = await priceCall(
      t,
      'POST',
      `/operator/prices/versions/${first!.id}/restore`,
      manager,
      {},
    );
    expect(restore.statusCode, restore.body).toBe(200);
    expect(priceVersionResponseSchema.parse(restore.json()).version).toMatchObject({
      restored_from: first!.number,
      current: true,
    });
    expect(await saloonPrice()).toBe(before);
    const again = await priceCall(
      t,
      'POST',
      `/operator/prices/versions/${first!.id}/restore`,
      manager,
      {},
    );
    expect(again.statusCode).toBe(409);
  });

  it('refuses a save over a newer one with a 409 naming who changed it and when', async () => {
    const card = await saloonCard();
    const first = await priceCall(
      t,
      'PUT',
      `/operator/rate-cards/${card.id}`,
      admin,
      cardBody(card, { minimum_fare: card.minimum_fare + 1 }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const stale = await priceCall(
      t,
      'PUT',
      `/operator/rate-cards/${card.id}`,
      manager,
      cardBody(card, { base_fare: 1 }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(
      /changed by Platform Admin at \d\d:\d\d on \d\d\/\d\d\/\d{4}/,
    );
    expect((await saloonCard()).base_fare).toBe(card.base_fare);

    const charges = chargesResponseSchema.parse(
      (await priceCall(t, 'GET', '/operator/charges', manager)).json(),
    ).charges;
    const { company_id: _, ...fields } = charges;
    expect(
      (
        await priceCall(t, 'PUT', '/operator/charges', manager, {
          ...fields,
          airport_pickup_charge: 9,
        })
      ).statusCode,
    ).toBe(200);
    const late = await priceCall(t, 'PUT', '/operator/charges', manager, {
      ...fields,
      airport_pickup_charge: 8,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('changed by Sam Patel at');
  });

  it("previews a journey with today's prices and the unsaved changes, saying why", async () => {
    const card = await saloonCard();
    const res = await priceCall(t, 'POST', '/operator/price-preview', manager, {
      journey: mileageForm({ pickup_hour: '11pm', pickup_min: '10' }),
      changes: {
        rate_cards: [
          {
            category_id: card.category_id,
            ...cardBody(card, { base_fare: card.base_fare + 10 }),
            version: undefined,
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { current, proposed } = pricePreviewResponseSchema.parse(res.json());
    const now = current.find((e) => e.category_name === 'Saloon')!;
    const then = proposed.find((e) => e.category_name === 'Saloon')!;
    expect(pence(then.final_price)).toBeGreaterThanOrEqual(pence(now.final_price) + 1000);
    expect(now.explanation.join('\n')).toMatch(/miles: base fare £/);
    expect(now.explanation.join('\n')).toMatch(/mi × £\d+\.\d\d \(miles 0–10\)/);
    expect(now.explanation.join('\n')).toContain('pickup 23:10 is inside 22:00–06:00');
    expect(now.explanation.join('\n')).toContain('airport pickup charge');
    expect(now.explanation.at(-1)).toBe(`Final price £${now.final_price.toFixed(2)}.`);
    // The current price is the public quote's.
    expect(now.final_price).toBe(
      offerOf(
        await offersFor(t, mileageForm({ pickup_hour: '11pm', pickup_min: '10' })),
        COMPANY,
        'Saloon',
      ).final_price,
    );

    const bad = await priceCall(t, 'POST', '/operator/price-preview', manager, {
      journey: mileageForm({ pickup: '' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('journey.pickup');
  });
});
