import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchCompaniesResponseSchema } from '../../src/contract/catalogue';
import {
  companiesResponseSchema,
  companyResponseSchema,
} from '../../src/contract/operator-companies';
import { API_BASE } from '../../src/contract/paths';
import { selectedVehiclePriceResponseSchema } from '../../src/contract/quotes';
import { COMPANY_MESSAGES } from '../../src/domain/fleet-company-messages';
import { OPERATOR_MESSAGES } from '../../src/domain/messages';
import { bookingBody, offersFor, postApi } from './booking-fixtures';
import { DISPATCHER, MANAGER, startFleetApp } from './fleet-upload-fixtures';
import { API_HEADERS, testDatabaseKinds, type TestApp } from './helpers';
import { mailedToken, manageCall } from './manage-booking-fixtures';
import { ADMIN, consoleCall, signIn } from './operator-fixtures';
import { readPdf } from './receipt-fixtures';
import { mileageForm, postQuote } from './quote-fixtures';

const HEATHROW = MANAGER.company!;
const SITE_PHONE = '+44 20 3865 4120';
const SITE_EMAIL = 'bookings@ridebook.example';

/**
 * Issue 33's Companies page: the admin's alone; a company's own phone and mailbox in its
 * bookings' mails; a deactivated company offered nowhere and its console closed.
 */
describe.each(testDatabaseKinds())('the console companies on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let heathrowId: number;

  const companies = async () =>
    companiesResponseSchema.parse(
      (await consoleCall(t, 'GET', '/operator/companies', { session: admin })).json(),
    ).data;
  const activity = () =>
    t.db.handle.db
      .selectFrom('console_activity')
      .selectAll()
      .where('kind', '=', 'companies')
      .orderBy('id')
      .execute();

  /** A guest's pay-in-car booking of `company`'s saloon: its number. */
  async function bookingWith(company: string): Promise<string> {
    const form = mileageForm();
    const offer = (await offersFor(t, form)).find(
      (o) => o.company_name === company && o.vehicle_type === 'Saloon',
    );
    if (!offer) throw new Error(`No saloon from ${company}`);
    const priced = await postQuote(t, 'calculateSelectedVehiclePrice', {
      bookingType: 'milleage',
      bookingForm: form,
      vehicle_id: offer.vehicle_id,
      company_id: offer.company_id,
      vehicle_count: 1,
    });
    const quote = selectedVehiclePriceResponseSchema.parse(priced.json());
    const res = await postApi(
      t,
      'booking',
      bookingBody({ form, selectedVehicleData: { quote_id: quote.quote_id, detail: offer } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { booking: { booking_number: string } } }).data.booking
      .booking_number;
  }

  const mailsOf = (bookingNumber: string) =>
    t.db.handle.db
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'text_body'])
      .where('subject', 'like', `%${bookingNumber}%`)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await startFleetApp(kind);
    admin = await signIn(t, ADMIN);
    heathrowId = (await companies()).find((c) => c.name === HEATHROW)!.id;
  });
  afterAll(async () => t?.close());

  it('is the admin’s alone: a manager and a dispatcher are refused every call', async () => {
    const [manager, dispatcher] = await Promise.all([signIn(t, MANAGER), signIn(t, DISPATCHER)]);
    const calls = [
      ['GET', '/operator/companies', undefined],
      ['POST', '/operator/companies', { name: 'New Cars Ltd', address: '1 High Street' }],
      ['PATCH', `/operator/companies/${heathrowId}`, { phone: '020 7000 0000' }],
    ] as const;
    for (const session of [manager, dispatcher]) {
      for (const [method, url, body] of calls) {
        const res = await consoleCall(t, method, url, { session, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(OPERATOR_MESSAGES.onlyRoles(['admin']));
      }
    }
    expect(await activity()).toEqual([]);
  });

  it('adds and changes a company, refusing bad fields by name, each change recorded', async () => {
    const bad = [
      [{ name: '', address: '1 High Street' }, 'name'],
      [{ name: 'New Cars Ltd', address: '1 High Street', email: 'not an email' }, 'email'],
      [{ name: 'New Cars Ltd', address: '1 High Street', phone: 'call me' }, 'phone'],
      [{ name: 'New Cars Ltd', address: '1 High Street', vat_number: '12345' }, 'vat_number'],
      [{ name: 'heathrow executive cars', address: '1 High Street' }, 'name'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await consoleCall(t, 'POST', '/operator/companies', { session: admin, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
    }
    const added = await consoleCall(t, 'POST', '/operator/companies', {
      session: admin,
      body: {
        name: 'New Cars Ltd',
        address: '1 High Street, Slough SL1 1AA',
        phone: '01753 000 111',
        email: 'desk@newcars.example',
        vat_number: 'gb 111 2222 33',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const company = companyResponseSchema.parse(added.json()).data;
    expect(company).toMatchObject({ vat_number: 'GB 111 2222 33', active: true });

    const changed = await consoleCall(t, 'PATCH', `/operator/companies/${company.id}`, {
      session: admin,
      body: { phone: '01753 000 222', vat_number: '' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(companyResponseSchema.parse(changed.json()).data).toMatchObject({
      phone: '01753 000 222',
      vat_number: null,
    });
    const missing = await consoleCall(t, 'PATCH', '/operator/companies/999999', {
      session: admin,
      body: { phone: '01753 000 222' },
    });
    expect(missing.statusCode).toBe(404);

    const rows = await activity();
    expect(rows.map((r) => r.summary)).toEqual(['Company added', 'Company changed']);
    expect(rows[1]).toMatchObject({
      company_id: company.id,
      operator_name: ADMIN.name,
      before: expect.objectContaining({ phone: '01753 000 111', vat_number: 'GB 111 2222 33' }),
      after: expect.objectContaining({ phone: '01753 000 222', vat_number: null }),
    });
  });

  it("gives the company's phone in its passengers' mails and receipt and sends its notices to its email", async () => {
    const set = await consoleCall(t, 'PATCH', `/operator/companies/${heathrowId}`, {
      session: admin,
      body: { phone: '+44 20 8759 0101', email: 'ops@heathrow-executive.example' },
    });
    expect(set.statusCode, set.body).toBe(200);

    const number = await bookingWith(HEATHROW);
    const token = await mailedToken(t, number);
    const receipt = await manageCall(t, 'GET', `/${number}/receipt.pdf`, { token });
    expect(receipt.statusCode).toBe(200);
    const { text } = await readPdf(receipt.rawPayload);
    expect(text).toContain('+44 20 8759 0101');
    expect(text).not.toContain(SITE_PHONE);
    const cancel = await manageCall(t, 'POST', `/${number}/cancel`, { token, body: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const mails = await mailsOf(number);
    const confirmation = mails.find((m) => m.kind === 'booking-confirmation')!;
    expect(confirmation.text_body).toContain('Phone: +44 20 8759 0101');
    expect(confirmation.text_body).not.toContain(SITE_PHONE);
    const cancelled = mails.find((m) => m.kind === 'booking-cancelled-by-passenger')!;
    expect(cancelled.text_body).toContain('+44 20 8759 0101');
    const notices = mails.filter((m) => m.kind.startsWith('operator-'));
    expect(notices.map((m) => [m.kind, m.recipient])).toEqual([
      ['operator-new-booking', 'ops@heathrow-executive.example'],
      ['operator-booking-cancelled', 'ops@heathrow-executive.example'],
    ]);

    // Another company without its own contacts keeps the site's.
    const other = await bookingWith('Thames Valley Private Hire');
    const otherMails = await mailsOf(other);
    expect(otherMails.find((m) => m.kind === 'booking-confirmation')!.text_body).toContain(
      `Phone: ${SITE_PHONE}`,
    );
    expect(otherMails.find((m) => m.kind === 'operator-new-booking')!.recipient).toBe(SITE_EMAIL);
  });

  it('takes a deactivated company off the site and closes its console; the admin keeps its bookings', async () => {
    const booked = await bookingWith(HEATHROW);
    const manager = await signIn(t, MANAGER);

    const off = await consoleCall(t, 'PATCH', `/operator/companies/${heathrowId}`, {
      session: admin,
      body: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);

    const listed = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/fetch_companies`,
      headers: API_HEADERS,
    });
    expect(
      fetchCompaniesResponseSchema.parse(listed.json()).data.map((c) => c.company.company_name),
    ).not.toContain(HEATHROW);
    expect((await offersFor(t, mileageForm())).map((o) => o.company_name)).not.toContain(HEATHROW);

    // The manager's session ended; signing in again says why.
    const me = await consoleCall(t, 'GET', '/operator/me', { session: manager });
    expect(me.statusCode).toBe(401);
    const login = await consoleCall(t, 'POST', '/operator/login', {
      body: { email: MANAGER.email, password: MANAGER.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(COMPANY_MESSAGES.companyInactive);
    const wrong = await consoleCall(t, 'POST', '/operator/login', {
      body: { email: MANAGER.email, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);

    const seen = await consoleCall(t, 'GET', `/operator/bookings/${booked}`, { session: admin });
    expect(seen.statusCode, seen.body).toBe(200);

    const on = await consoleCall(t, 'PATCH', `/operator/companies/${heathrowId}`, {
      session: admin,
      body: { active: true },
    });
    expect(on.statusCode).toBe(200);
    await signIn(t, MANAGER);
    expect((await offersFor(t, mileageForm())).map((o) => o.company_name)).toContain(HEATHROW);
    const summaries = (await activity()).filter((r) => r.company_id === heathrowId);
    expect(summaries.map((r) => r.summary).slice(-2)).toEqual([
      'Company deactivated',
      'Company reactivated',
    ]);
  });
});
