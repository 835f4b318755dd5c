import { chromium } from 'playwright-core';
const B = 'http://127.0.0.1:8080';
const H = { 'X-Api-Public-Key': 'demo-public-key', 'X-Api-Secret-Key': 'demo-secret-key', 'content-type': 'application/json' };
const log = (...a) => console.log(new Date().toISOString().slice(11, 19), ...a);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const T = { timeout: 20000 };
// A guest booking through the public API, priced by Heathrow Executive Cars.
const post = async (p, b) => { const r = await fetch(`${B}/api/v1/${p}`, { method: 'POST', headers: H, body: JSON.stringify(b) }); const j = await r.json(); if (!r.ok) throw new Error(p + JSON.stringify(j)); return j; };
const companies = await (await fetch(`${B}/api/v1/fetch_companies`, { headers: H })).json();
const cid = companies.data.find((c) => c.company.company_name === 'Heathrow Executive Cars').id;
const d = new Date(Date.now() + 3 * 864e5);
const date = `${String(d.getDate()).padStart(2,'0')}/${String(d.getMonth()+1).padStart(2,'0')}/${d.getFullYear()}`;
// Driver phone.
const phoneCtx = await browser.newContext({ viewport: { width: 390, height: 844 }, geolocation: { latitude: 51.4713, longitude: -0.4524 }, permissions: ['geolocation'] });
const phone = await phoneCtx.newPage();
await phone.goto(`${B}/driver/login`);
await phone.getByLabel('Email').fill('james.okafor@heathrow-executive.example');
await phone.getByLabel('Password').fill('Driver-Demo-2026');
await phone.getByRole('button', { name: 'Sign in' }).click();
await phone.getByRole('heading', { name: 'My jobs' }).waitFor(T);
log('driver signed in; headings:', await phone.getByRole('heading').allTextContents());
await phone.getByRole('switch', { name: 'On duty' }).click();
await phone.waitForTimeout(1500);
log('on duty:', await phone.getByRole('switch', { name: 'On duty' }).getAttribute('aria-checked'));
await phone.screenshot({ path: '/tmp/walk/myjobs.png' });
// Console.
const office = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
await office.goto(`${B}/operator/login`);
await office.getByLabel('Email').fill(process.env.DISP_EMAIL);
await office.getByLabel('Password').fill(process.env.DISP_PW);
await office.getByRole('button', { name: 'Sign in' }).click();
await office.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor(T);
const nav = await office.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents();
log('console nav:', nav.join(' | '));
const { postApi, weekAheadForm } = await import('./tests/support/priced-journey.ts');
const form = weekAheadForm('London Paddington Station', 'Heathrow Airport Terminal 5');
const { API_PATHS } = await import('./src/contract/paths.ts');
const offerP = (await postApi(B, API_PATHS.calculateDistancePrice, form)).price_details.find((x) => x.company_id === cid);
const quote = await postApi(B, API_PATHS.calculateSelectedVehiclePrice, { bookingType: 'milleage', bookingForm: form, vehicle_id: offerP.vehicle_id, company_id: offerP.company_id, vehicle_count: 1 });
const made = await postApi(B, API_PATHS.booking, { selectedVehicleData: { ...offerP, quote_id: quote.quote_id, vehicle_count: 1 }, selectedVehicle: 1, bookingType: 'milleage', bookingForm: form,
  registrationData: { firstName: 'Walk', surname: 'Tester', email: 'walk.tester@example.co.uk', number: '+44 7700 900111', password: '', privacyAccepted: false, termsAccepted: false },
  payment_method: 'car', selected_passenger: 'guest_login' });
const ref = made.data.booking.booking_number;
log('booked', ref);
await office.goto(`${B}/operator/bookings/${ref}`);
const steps = office.getByRole('group', { name: 'Next steps' });
await steps.waitFor(T);
log('next steps:', await steps.getByRole('button').allTextContents());
if (await steps.getByRole('button', { name: 'Confirm' }).count()) { await steps.getByRole('button', { name: 'Confirm' }).click(); await office.waitForTimeout(1500); }
await steps.getByRole('button', { name: 'Assign driver' }).click();
const dlg = office.getByRole('dialog', { name: 'Assign driver' });
await dlg.getByLabel('Driver').waitFor(T);
const opts = await dlg.getByLabel('Driver').locator('option').allTextContents();
log('driver options:', opts.join(' / '));
await dlg.getByLabel('Driver').selectOption({ label: opts.find((o) => o.startsWith('James Okafor')) });
log('vehicle chosen:', await dlg.getByLabel('Vehicle', { exact: true }).locator('option:checked').textContent());
const t0 = Date.now();
await dlg.getByRole('button', { name: 'Offer' }).click();
const card = phone.getByRole('article', { name: new RegExp(`Job ${ref}$`) });
await card.getByRole('button', { name: 'Accept' }).waitFor(T);
log(`offer on phone after ${Date.now() - t0} ms:`, (await card.textContent()).slice(0, 160));
await card.getByRole('button', { name: 'Accept' }).click();
await phone.getByText(`You accepted job ${ref}.`).waitFor(T);
await card.getByRole('link', { name: `Job ${ref}` }).click();
await phone.getByRole('group', { name: 'Status' }).waitFor(T);
await phone.screenshot({ path: '/tmp/walk/job.png', fullPage: true });
log('job page buttons:', await phone.getByRole('button').allTextContents());
log('job page links:', await phone.getByRole('link').allTextContents());
for (const step of ['On the way', 'Arrived']) {
  await phone.getByRole('group', { name: 'Status' }).getByRole('button', { name: step }).click();
  await phone.getByRole('listitem').filter({ hasText: `${step} at` }).getByText('Sent').waitFor(T);
  log('pressed', step);
}
log('status group now:', await phone.getByRole('group', { name: 'Status' }).getByRole('button').allTextContents(), await phone.getByText(/No-show can be pressed from/).textContent().catch(() => ''));
for (const step of ['Passenger on board', 'Complete']) {
  await phone.getByRole('group', { name: 'Status' }).getByRole('button', { name: step }).click();
  await phone.getByRole('listitem').filter({ hasText: `${step} at` }).getByText('Sent').waitFor(T);
  log('pressed', step);
}
await office.reload();
const trail = office.getByRole('region', { name: 'Trail' });
await trail.waitFor(T);
log('trail:', (await trail.textContent()).slice(0, 400));
const href = await trail.getByRole('link', { name: 'Download GPX' }).getAttribute('href');
const gpx = await office.evaluate(async (h) => { const r = await fetch(h); return r.status + ' ' + (await r.text()).slice(0, 120); }, href);
log('gpx', href, gpx);
log('history:', (await office.getByRole('region', { name: 'History' }).textContent().catch(() => 'no region')).slice(0, 300));
await office.getByRole('link', { name: 'Drivers on the map' }).click();
await office.getByRole('heading', { level: 1, name: 'Drivers on the map' }).waitFor(T);
await office.waitForTimeout(3000);
log('map table rows:', await office.getByRole('row').allTextContents());
await office.screenshot({ path: '/tmp/walk/map.png' });
await browser.close();
