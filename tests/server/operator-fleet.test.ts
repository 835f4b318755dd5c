import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fleetCategoryResponseSchema,
  fleetOfferingResponseSchema,
  fleetPictureResponseSchema,
  fleetResponseSchema,
} from '../../src/contract/operator-fleet';
import { fetchVehiclesResponseSchema } from '../../src/contract/catalogue';
import { API_BASE } from '../../src/contract/paths';
import { FLEET_MESSAGES } from '../../src/domain/fleet-company-messages';
import { OPERATOR_MESSAGES } from '../../src/domain/messages';
import { offersFor } from './booking-fixtures';
import {
  DISPATCHER,
  hugePng,
  MANAGER,
  pngPicture,
  startFleetApp,
  storedFiles,
  uploadPicture,
} from './fleet-upload-fixtures';
import { API_HEADERS, testDatabaseKinds, type TestApp } from './helpers';
import { ADMIN, consoleCall, signIn } from './operator-fixtures';
import { mileageForm } from './quote-fixtures';

/**
 * Issue 33's Fleet page: the admin's categories, a manager's own company's offer and pictures,
 * uploads judged by their content and size, and the public fleet and quotes following at once.
 */
describe.each(testDatabaseKinds())('the console fleet on %s', (kind) => {
  let t: TestApp & { uploads: string };
  let admin: string;
  let manager: string;
  let dispatcher: string;
  let ids: { company: Map<string, number>; category: Map<string, number> };

  const publicFleet = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/fetch_vehicles`,
      headers: API_HEADERS,
    });
    expect(res.statusCode, res.body).toBe(200);
    return fetchVehiclesResponseSchema.parse(res.json()).data;
  };
  const activity = (subject: string) =>
    t.db.handle.db
      .selectFrom('console_activity')
      .selectAll()
      .where('kind', '=', 'fleet')
      .where('subject', '=', subject)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await startFleetApp(kind);
    [admin, manager, dispatcher] = await Promise.all([
      signIn(t, ADMIN),
      signIn(t, MANAGER),
      signIn(t, DISPATCHER),
    ]);
    const db = t.db.handle.db;
    const companies = await db.selectFrom('companies').select(['id', 'name']).execute();
    const categories = await db.selectFrom('fleet_categories').select(['id', 'name']).execute();
    ids = {
      company: new Map(companies.map((c) => [c.name, c.id])),
      category: new Map(categories.map((c) => [c.name, c.id])),
    };
  });
  afterAll(async () => t?.close());

  it('refuses a dispatcher every fleet call, and a manager the categories', async () => {
    const saloon = ids.category.get('Saloon')!;
    const own = ids.company.get(MANAGER.company!)!;
    const calls = [
      ['GET', '/operator/fleet', undefined],
      ['POST', '/operator/fleet', { name: 'Limousine', seats: 6, luggage: 2, hand_luggage: 2 }],
      ['PATCH', `/operator/fleet/${saloon}`, { seats: 5 }],
      ['PATCH', `/operator/fleet/${saloon}/offerings/${own}`, { offered: true }],
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await consoleCall(t, method, url, { session: dispatcher, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(
        OPERATOR_MESSAGES.onlyRoles(
          url.includes('offerings') || method === 'GET' ? ['admin', 'manager'] : ['admin'],
        ),
      );
    }
    const upload = await uploadPicture(t, {
      session: dispatcher,
      categoryId: saloon,
      file: await pngPicture(),
      filename: 'car.png',
    });
    expect(upload.statusCode).toBe(403);
    for (const [method, url, body] of calls.slice(1, 3)) {
      const res = await consoleCall(t, method, url, { session: manager, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(OPERATOR_MESSAGES.onlyRoles(['admin']));
    }
    expect(await storedFiles(t.uploads)).toEqual([]);
  });

  it('lets the admin add, change, withdraw and restore a category, each recorded', async () => {
    const bad = await consoleCall(t, 'POST', '/operator/fleet', {
      session: admin,
      body: { name: 'Limousine', seats: 0, luggage: 2, hand_luggage: 2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'seats', message: 'seats must be at least 1' }]);
    const taken = await consoleCall(t, 'POST', '/operator/fleet', {
      session: admin,
      body: { name: 'saloon', seats: 4, luggage: 2, hand_luggage: 2 },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ path: 'name', message: FLEET_MESSAGES.nameTaken }]);

    const added = await consoleCall(t, 'POST', '/operator/fleet', {
      session: admin,
      body: { name: 'Limousine', seats: 6, luggage: 3, hand_luggage: 2 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const limo = fleetCategoryResponseSchema.parse(added.json()).data;
    expect(limo).toMatchObject({ name: 'Limousine', seats: 6, active: true });

    const changed = await consoleCall(t, 'PATCH', `/operator/fleet/${limo.id}`, {
      session: admin,
      body: { luggage: 4, hand_luggage: -1 },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors[0].path).toBe('hand_luggage');

    // The MPV withdrawn leaves the public fleet and the quotes at once, and comes back.
    const mpv = ids.category.get('MPV')!;
    const withdrawn = await consoleCall(t, 'PATCH', `/operator/fleet/${mpv}`, {
      session: admin,
      body: { active: false },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await publicFleet()).map((v) => v.category_name)).not.toContain('MPV');
    expect((await offersFor(t, mileageForm())).map((o) => o.vehicle_type)).not.toContain('MPV');
    const restored = await consoleCall(t, 'PATCH', `/operator/fleet/${mpv}`, {
      session: admin,
      body: { active: true },
    });
    expect(restored.statusCode).toBe(200);
    expect((await publicFleet()).map((v) => v.category_name)).toContain('MPV');

    const rows = await activity('MPV');
    expect(rows.map((r) => r.summary)).toEqual(['Category deactivated', 'Category reactivated']);
    expect(rows[0]).toMatchObject({
      operator_name: ADMIN.name,
      company_id: null,
      before: expect.objectContaining({ name: 'MPV', active: true }),
      after: expect.objectContaining({ name: 'MPV', active: false }),
    });
    const limoRows = await activity('Limousine');
    expect(limoRows).toHaveLength(1);
    expect(limoRows[0]).toMatchObject({
      before: null,
      after: expect.objectContaining({ seats: 6 }),
    });
  });

  it("lets the manager change its own company's offer, never another's", async () => {
    const own = ids.company.get(MANAGER.company!)!;
    const other = ids.company.get('Thames Valley Private Hire')!;
    const wheelchair = ids.category.get('Wheelchair Accessible')!;

    const view = fleetResponseSchema.parse(
      (await consoleCall(t, 'GET', '/operator/fleet', { session: manager })).json(),
    ).data;
    expect(new Set(view.offerings.map((o) => o.company_id))).toEqual(new Set([own]));
    expect(view.offerings.find((o) => o.category_id === wheelchair)?.offered).toBe(false);

    const elsewhere = await consoleCall(
      t,
      'PATCH',
      `/operator/fleet/${wheelchair}/offerings/${other}`,
      {
        session: manager,
        body: { offered: false },
      },
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(FLEET_MESSAGES.companyNotFound);
    const bad = await consoleCall(t, 'PATCH', `/operator/fleet/${wheelchair}/offerings/${own}`, {
      session: manager,
      body: { offered: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('offered');

    const offered = await consoleCall(
      t,
      'PATCH',
      `/operator/fleet/${wheelchair}/offerings/${own}`,
      {
        session: manager,
        body: { offered: true },
      },
    );
    expect(offered.statusCode, offered.body).toBe(200);
    expect(fleetOfferingResponseSchema.parse(offered.json()).data).toMatchObject({
      company_id: own,
      category_id: wheelchair,
      offered: true,
    });
    const [row] = await activity(`Wheelchair Accessible at ${MANAGER.company}`);
    expect(row).toMatchObject({
      company_id: own,
      operator_name: 'Sam Patel',
      summary: 'Offered',
      before: expect.objectContaining({ offered: false }),
      after: expect.objectContaining({ offered: true }),
    });
  });

  it('refuses a text file named .png and a file over 2 MB, storing nothing', async () => {
    const saloon = ids.category.get('Saloon')!;
    const text = await uploadPicture(t, {
      session: manager,
      categoryId: saloon,
      file: Buffer.from('This is not a picture at all, only text.\n'.repeat(20)),
      filename: 'saloon.png',
      contentType: 'image/png',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual([
      { path: 'picture', message: FLEET_MESSAGES.pictureNotImage },
    ]);

    const huge = await hugePng();
    expect(huge.length).toBeGreaterThan(2 * 1024 * 1024);
    const big = await uploadPicture(t, {
      session: manager,
      categoryId: saloon,
      file: huge,
      filename: 'big.png',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      message: FLEET_MESSAGES.pictureTooLarge(2),
      errors: [{ path: 'picture', message: FLEET_MESSAGES.pictureTooLarge(2) }],
    });

    const missing = await uploadPicture(t, {
      session: manager,
      categoryId: saloon,
      file: await pngPicture(),
      filename: 'car.png',
      field: 'photo',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('picture');

    expect(await storedFiles(t.uploads)).toEqual([]);
    expect(await activity(`Saloon at ${MANAGER.company}`)).toEqual([]);
  });

  it('answers a malformed upload with a 400 naming the picture, never a 5xx, storing nothing', async () => {
    const saloon = ids.category.get('Saloon')!;
    const send = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API_BASE}/operator/fleet/${saloon}/picture`,
        headers: {
          ...API_HEADERS,
          host: 'localhost:80',
          origin: 'http://localhost:80',
          'content-type': contentType,
          cookie: `ridebook_operator=${manager}`,
        },
        payload,
      });
    const cases: [string, string][] = [
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="picture"'],
      ['multipart/form-data; boundary=b', '--b--\r\n'],
      ['application/json', JSON.stringify({ picture: 'iVBORw0KGgo=' })],
    ];
    for (const [contentType, payload] of cases) {
      const res = await send(contentType, payload);
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(400);
      expect(res.json().errors[0].path).toBe('picture');
    }
    expect(await storedFiles(t.uploads)).toEqual([]);
  });

  it("stores the manager's picture, served from /storage/ for a year, in Our Fleet and its quotes", async () => {
    const saloon = ids.category.get('Saloon')!;
    const own = ids.company.get(MANAGER.company!)!;
    const other = ids.company.get('Thames Valley Private Hire')!;

    const elsewhere = await uploadPicture(t, {
      session: manager,
      categoryId: saloon,
      companyId: other,
      file: await pngPicture(),
      filename: 'car.png',
    });
    expect(elsewhere.statusCode).toBe(404);

    const res = await uploadPicture(t, {
      session: manager,
      categoryId: saloon,
      file: await pngPicture(1600, 800),
      filename: 'my saloon.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { picture, company_id } = fleetPictureResponseSchema.parse(res.json()).data;
    expect(company_id).toBe(own);
    expect(picture).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(await storedFiles(t.uploads)).toEqual([picture]);

    // Re-encoded: WebP, no wider than 1200 px.
    const stored = await readFile(path.join(t.uploads, picture));
    const sharp = (await import('sharp')).default;
    expect(await sharp(stored).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 600,
    });

    // Served outside the API keys, cached for a year.
    const served = await t.app.inject({ method: 'GET', url: `/storage/${picture}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-type']).toBe('image/webp');

    // Our Fleet shows it (Heathrow Executive is the best rated company offering a saloon),
    // and so does Heathrow's saloon in the quotes; another company keeps the category's.
    const saloonCard = (await publicFleet()).find((v) => v.category_name === 'Saloon');
    expect(saloonCard?.vehicle_img).toBe(picture);
    const offers = (await offersFor(t, mileageForm())).filter((o) => o.vehicle_type === 'Saloon');
    expect(offers.find((o) => o.company_id === own)?.vehicle_image).toBe(picture);
    expect(offers.find((o) => o.company_id === other)?.vehicle_image).toBe('vehicles/saloon.svg');

    const [row] = await activity(`Saloon at ${MANAGER.company}`);
    expect(row).toMatchObject({
      company_id: own,
      summary: 'Picture uploaded',
      before: { picture: null },
      after: { picture },
    });
  });

  it("refuses the manager's picture of a category its company does not offer", async () => {
    const minibus = ids.category.get('Wheelchair Accessible')!;
    const own = ids.company.get(MANAGER.company!)!;
    await consoleCall(t, 'PATCH', `/operator/fleet/${minibus}/offerings/${own}`, {
      session: manager,
      body: { offered: false },
    });
    const before = await storedFiles(t.uploads);
    const res = await uploadPicture(t, {
      session: manager,
      categoryId: minibus,
      file: await pngPicture(),
      filename: 'car.png',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(FLEET_MESSAGES.notOffered);
    expect(await storedFiles(t.uploads)).toEqual(before);
  });

  it("lets the admin set a category's own picture", async () => {
    const estate = ids.category.get('Estate')!;
    const res = await uploadPicture(t, {
      session: admin,
      categoryId: estate,
      file: await sharpJpeg(),
      filename: 'estate.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { picture, company_id } = fleetPictureResponseSchema.parse(res.json()).data;
    expect(company_id).toBeNull();
    const view = fleetResponseSchema.parse(
      (await consoleCall(t, 'GET', '/operator/fleet', { session: admin })).json(),
    ).data;
    expect(view.categories.find((c) => c.id === estate)?.picture).toBe(picture);
    expect((await publicFleet()).find((v) => v.category_name === 'Estate')?.vehicle_img).toBe(
      picture,
    );
  });
});

async function sharpJpeg(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 640, height: 320, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
}
