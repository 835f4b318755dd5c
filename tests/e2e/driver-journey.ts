import { expect } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { postApi, weekAheadForm } from '../support/priced-journey';
import { readOutbox } from './booking-api';
import { API_HEADERS, type Browser, type Page } from './harness';

/**
 * What the browser tests of the driver's side (issue 34) set up through the real API: a guest's
 * booking priced by one company, a signed-in caller (the console's or the driver app's), and
 * the passenger's manage link from the mail the server wrote.
 */

/** Mail leaves through the outbox's background pass a few seconds after the booking. */
const MAIL_POLL = { timeout: 20_000, interval: 250 };

export type SessionApi = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;

/** A signed-in caller of the API with a session cookie; every answer must be 200. */
export async function sessionApi(
  base: string,
  loginPath: string,
  who: { email: string; password: string },
): Promise<SessionApi> {
  const login = await fetch(`${base}${API_BASE}${loginPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...API_HEADERS },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  expect(login.status, await login.clone().text()).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return async (method, path, body) => {
    const response = await fetch(`${base}${API_BASE}${path}`, {
      method,
      headers: {
        ...API_HEADERS,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).toBe(200);
    return JSON.parse(text) as unknown;
  };
}

/**
 * A guest's pay-in-car booking priced by `company`: from Paddington to Heathrow a week ahead,
 * unless `form` says otherwise; `number` is the passenger's phone.
 */
export async function guestBookingWith(
  base: string,
  company: string,
  passenger: { firstName: string; surname: string; email: string },
  options: { form?: Record<string, string>; number?: string } = {},
): Promise<string> {
  const companies = (await (
    await fetch(`${base}${API_BASE}${API_PATHS.fetchCompanies}`, { headers: API_HEADERS })
  ).json()) as { data: { id: number; company: { company_name: string } }[] };
  const companyId = companies.data.find((c) => c.company.company_name === company)!.id;
  const form =
    options.form ?? weekAheadForm('London Paddington Station', 'Heathrow Airport Terminal 5');
  const prices = (await postApi(base, API_PATHS.calculateDistancePrice, form)) as {
    price_details: { vehicle_id: number; company_id: number }[];
  };
  const offer = prices.price_details.find((detail) => detail.company_id === companyId)!;
  const quote = (await postApi(base, API_PATHS.calculateSelectedVehiclePrice, {
    bookingType: 'milleage',
    bookingForm: form,
    vehicle_id: offer.vehicle_id,
    company_id: offer.company_id,
    vehicle_count: 1,
  })) as { quote_id: string };
  const answer = (await postApi(base, API_PATHS.booking, {
    selectedVehicleData: { ...offer, quote_id: quote.quote_id, vehicle_count: 1 },
    selectedVehicle: 1,
    bookingType: 'milleage',
    bookingForm: form,
    registrationData: {
      ...passenger,
      number: options.number ?? '+44 7700 900321',
      password: '',
      privacyAccepted: false,
      termsAccepted: false,
    },
    payment_method: 'car',
    selected_passenger: 'guest_login',
  })) as { data: { booking: { booking_number: string } } };
  return answer.data.booking.booking_number;
}

/** The passenger's "Manage your booking" link (path and token), from the mail the server wrote. */
export async function manageLinkFor(
  dataDir: string,
  passengerEmail: string,
  reference: string,
): Promise<URL> {
  const link = async () =>
    (await readOutbox(dataDir))
      .filter((mail) => mail.to.includes(passengerEmail) && mail.subject.includes(reference))
      .map((mail) => /https?:\/\/\S+\/manage-booking\/[^\s?]+\?token=[\w-]+/.exec(mail.text)?.[0])
      .filter(Boolean)
      .at(-1) ?? '';
  await expect.poll(link, MAIL_POLL).toContain(`/manage-booking/${reference}?token=`);
  return new URL(await link());
}

/** A console page (1366 × 900) signed in as `account`, on the board. */
export async function consoleSignedIn(
  suite: { readonly app: { url: string }; readonly browser: Browser },
  account: { email: string; password: string },
): Promise<Page> {
  const context = await suite.browser.newContext({
    viewport: { width: 1366, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto(`${suite.app.url}/operator/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor({ timeout: 15_000 });
  return page;
}
