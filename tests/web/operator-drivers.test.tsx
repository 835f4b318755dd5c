import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Driver } from '../../src/contract/operator-drivers';
import { API_PATHS } from '../../src/contract/paths';
import { DISPATCH_RECORD_TEXT } from '../../src/domain/vehicle-messages';
import { renderApp, preloadPages } from './helpers';
import type { Vehicle } from '../../src/contract/operator-vehicles';
import {
  admin,
  answerOperatorCalls,
  documents,
  driver,
  vehicleRecord,
  vehicleSummary,
  type SeenRequest,
} from './operator-fixtures';

preloadPages('/operator/drivers');

function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table', { name: 'Drivers' });
  const [, body] = within(table).getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}

/** A fake drivers service: saves change the list the next GET answers. */
function driversServer(
  initial: Driver[],
  me = undefined as typeof admin | undefined,
  vehicles: Vehicle[] = [vehicleRecord()],
) {
  let drivers = [...initial];
  const saves: SeenRequest[] = [];
  const invitations: SeenRequest[] = [];
  const server = answerOperatorCalls({
    ...(me ? { me } : {}),
    vehicles,
    invite: (request) => {
      invitations.push(request);
      const id = Number(request.path.split('/').at(-2));
      const invited = drivers.find((d) => d.id === id)!;
      if (invited.name === 'Una Mailable') {
        return {
          status: 503,
          body: { success: false, message: 'The mail server did not answer: try again shortly.' },
        };
      }
      return { body: { success: true, data: { sent_to: invited.email } } };
    },
    get drivers() {
      return drivers;
    },
    saveDriver: (request) => {
      saves.push(request);
      const body = request.body as Record<string, unknown>;
      if (body.mobile === '123') {
        return {
          status: 400,
          body: {
            success: false,
            message: 'Validation failed',
            errors: [{ path: 'mobile', message: 'mobile must be a UK phone number' }],
          },
        };
      }
      if (request.method === 'POST') {
        const added = driver({ ...(body as Partial<Driver>), id: 99, category_name: 'MPV' });
        drivers = [...drivers, added];
        return { body: { success: true, data: added } };
      }
      const id = Number(request.path.split('/').at(-1));
      drivers = drivers.map((d) => (d.id === id ? { ...d, ...(body as Partial<Driver>) } : d));
      return { body: { success: true, data: drivers.find((d) => d.id === id) } };
    },
  });
  return { server, saves, invitations };
}

describe('the drivers page', () => {
  it('lists drivers with en-GB expiry, licence flags and status', async () => {
    driversServer([
      driver(),
      driver({ id: 32, name: 'Ann Lee', licence_expiry: '2026-12-10', licence_state: 'expiring' }),
      driver({
        id: 33,
        name: 'Bob Old',
        licence_expiry: '2026-10-01',
        licence_state: 'expired',
        active: false,
      }),
    ]);
    renderApp('/operator/drivers');
    expect(await screen.findByRole('table', { name: 'Drivers' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Name',
      'Mobile',
      'Email',
      'Licence number',
      'Licence expiry',
      'Vehicle registration',
      'Vehicle',
      'Status',
      'Actions',
    ]);
    const [tom, ann, bob] = bodyRows();
    expect(within(tom!).getByText('30 Jun 2027')).toBeTruthy();
    expect(within(tom!).queryByText(/Licence exp/)).toBeNull();
    expect(within(tom!).getByText('Active')).toBeTruthy();
    expect(within(ann!).getByText('Licence expires soon')).toBeTruthy();
    expect(within(bob!).getByText('Licence expired')).toBeTruthy();
    expect(within(bob!).getByText('Inactive')).toBeTruthy();
    expect(within(bob!).getByRole('button', { name: 'Reactivate Bob Old' })).toBeTruthy();
    expect(within(tom!).getByRole('button', { name: 'Deactivate Tom Reed' })).toBeTruthy();
  });

  it("adds a driver, showing the server's field problems under the named field", async () => {
    const { saves } = driversServer([driver()]);
    const { user } = renderApp('/operator/drivers');
    await screen.findByRole('table', { name: 'Drivers' });
    const opener = screen.getByRole('button', { name: 'Add driver' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add driver' });
    expect(within(dialog).queryByLabelText('Company')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Save driver' }));
    expect(await within(dialog).findByText('Enter the driver’s name')).toBeTruthy();
    expect(saves).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Zoe New');
    await user.type(within(dialog).getByLabelText('Mobile'), '123');
    await user.type(within(dialog).getByLabelText('Licence number'), 'PH-777');
    await user.type(within(dialog).getByLabelText('Licence expiry'), '2027-03-31');
    await user.selectOptions(
      within(dialog).getByLabelText('Usual vehicle'),
      'AB12 CDE, Toyota Prius, Silver',
    );
    const category = within(dialog).getByLabelText('Vehicle category');
    await waitFor(() => expect(within(category).getByRole('option', { name: 'MPV' })).toBeTruthy());
    await user.selectOptions(category, 'MPV');
    await user.click(within(dialog).getByRole('button', { name: 'Save driver' }));

    expect(await within(dialog).findByText('Mobile must be a UK phone number')).toBeTruthy();
    const mobile = within(dialog).getByLabelText('Mobile');
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(mobile);

    await user.clear(mobile);
    await user.type(mobile, '+44 7700 900333');
    await user.click(within(dialog).getByRole('button', { name: 'Save driver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves.at(-1)?.method).toBe('POST');
    expect(saves.at(-1)?.path).toBe(API_PATHS.operatorDrivers);
    expect(saves.at(-1)?.body).toEqual({
      name: 'Zoe New',
      mobile: '+44 7700 900333',
      licence_number: 'PH-777',
      licence_expiry: '2027-03-31',
      vehicle_id: 41,
      category_id: 2,
      email: null,
    });
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByText('Zoe New is saved.')).toBeTruthy();
  });

  it('lets the admin choose the company of a new driver, and then one of its vehicles', async () => {
    const { saves } = driversServer([driver()], admin, [
      vehicleRecord(),
      vehicleRecord({
        id: 42,
        registration: 'CC11 AAA',
        company_id: 2,
        company_name: 'Capital Chauffeurs',
      }),
    ]);
    const { user } = renderApp('/operator/drivers');
    await screen.findByRole('table', { name: 'Drivers' });
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toContain('Company');
    await user.click(screen.getByRole('button', { name: 'Add driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add driver' });
    const company = within(dialog).getByLabelText('Company');
    await waitFor(() =>
      expect(within(company).getByRole('option', { name: 'Capital Chauffeurs' })).toBeTruthy(),
    );
    await user.type(within(dialog).getByLabelText('Name'), 'Zoe New');
    await user.type(within(dialog).getByLabelText('Mobile'), '+44 7700 900333');
    await user.type(within(dialog).getByLabelText('Licence number'), 'PH-777');
    await user.type(within(dialog).getByLabelText('Licence expiry'), '2027-03-31');
    await user.selectOptions(within(dialog).getByLabelText('Vehicle category'), 'Saloon');
    await user.click(within(dialog).getByRole('button', { name: 'Save driver' }));
    expect(await within(dialog).findByText('Choose the company')).toBeTruthy();
    // Only the chosen company's vehicles are offered.
    const usual = within(dialog).getByLabelText('Usual vehicle');
    expect(
      within(usual)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a vehicle']);
    await user.selectOptions(company, 'Capital Chauffeurs');
    expect(
      within(usual)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a vehicle', 'CC11 AAA, Toyota Prius, Silver']);
    await user.selectOptions(usual, 'CC11 AAA, Toyota Prius, Silver');
    await user.type(within(dialog).getByLabelText('Email for the driver app'), 'zoe@example.co.uk');
    await user.click(within(dialog).getByRole('button', { name: 'Save driver' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.body).toMatchObject({
      company_id: 2,
      category_id: 1,
      vehicle_id: 42,
      email: 'zoe@example.co.uk',
    });
  });

  it('edits a driver with PATCH, the form filled in with what they have', async () => {
    const { saves } = driversServer([driver()], undefined, [
      vehicleRecord(),
      vehicleRecord({
        id: 43,
        registration: 'CD34 EFG',
        make: 'Ford',
        model: 'Focus',
        colour: 'Blue',
      }),
    ]);
    const { user } = renderApp('/operator/drivers');
    await screen.findByRole('table', { name: 'Drivers' });
    await user.click(screen.getByRole('button', { name: 'Edit Tom Reed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tom Reed' });
    const usual = within(dialog).getByLabelText('Usual vehicle') as HTMLSelectElement;
    expect(usual.value).toBe('41');
    expect((within(dialog).getByLabelText('Licence expiry') as HTMLInputElement).value).toBe(
      '2027-06-30',
    );
    await user.selectOptions(usual, 'CD34 EFG, Ford Focus, Blue');
    await user.click(within(dialog).getByRole('button', { name: 'Save driver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves[0]?.method).toBe('PATCH');
    expect(saves[0]?.path).toBe('/operator/drivers/31');
    expect(saves[0]?.body).toMatchObject({ vehicle_id: 43, category_id: 1 });
    expect(await screen.findByText('Tom Reed is saved.')).toBeTruthy();
  });

  it('deactivates and reactivates a driver', async () => {
    const { saves } = driversServer([driver()]);
    const { user } = renderApp('/operator/drivers');
    await user.click(await screen.findByRole('button', { name: 'Deactivate Tom Reed' }));
    expect(await screen.findByText('Inactive')).toBeTruthy();
    expect(saves[0]).toMatchObject({
      method: 'PATCH',
      path: '/operator/drivers/31',
      body: { active: false },
    });
    // The same button, relabelled: keyboard focus stays on it.
    const reactivate = screen.getByRole('button', { name: 'Reactivate Tom Reed' });
    expect(document.activeElement).toBe(reactivate);
    await user.click(reactivate);
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(saves[1]?.body).toEqual({ active: true });
  });

  it("flags the usual vehicle's documents near or past expiry beside the driver", async () => {
    driversServer([
      driver({
        vehicle: vehicleSummary({
          documents: documents({
            mot: { expiry: '2026-12-03', state: 'expiring', days_left: 12 },
            insurance: { expiry: '2026-11-20', state: 'expired', days_left: -1 },
          }),
        }),
      }),
    ]);
    renderApp('/operator/drivers');
    await screen.findByRole('table', { name: 'Drivers' });
    const [tom] = bodyRows();
    expect(within(tom!).getByText('MOT: Expires in 12 days')).toBeTruthy();
    expect(within(tom!).getByText('Insurance: Expired')).toBeTruthy();
    expect(within(tom!).queryByText(/PHV vehicle licence/)).toBeNull();
  });

  it('invites a driver with an email to the driver app, and says why one without cannot be', async () => {
    const { invitations } = driversServer([
      driver({ email: 'tom.reed@example.co.uk' }),
      driver({ id: 32, name: 'Ann Lee', email: null }),
      driver({ id: 33, name: 'Una Mailable', email: 'una@example.co.uk' }),
    ]);
    const { user } = renderApp('/operator/drivers');
    await screen.findByRole('table', { name: 'Drivers' });
    const [tom, ann, una] = bodyRows();

    await user.click(
      within(tom!).getByRole('button', { name: 'Invite to the driver app: Tom Reed' }),
    );
    expect(await screen.findByText('Invitation sent to tom.reed@example.co.uk')).toBeTruthy();
    expect(invitations.map((request) => [request.method, request.path])).toEqual([
      ['POST', '/operator/drivers/31/invitation'],
    ]);

    // No email: the button stays in the tab order, says why, and sends nothing.
    const noEmail = within(ann!).getByRole('button', { name: 'Invite to the driver app: Ann Lee' });
    expect(noEmail.getAttribute('aria-disabled')).toBe('true');
    expect(noEmail.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(noEmail.getAttribute('aria-describedby')!)?.textContent).toBe(
      DISPATCH_RECORD_TEXT.inviteNeedsEmail,
    );
    await user.click(noEmail);
    expect(invitations).toHaveLength(1);

    // The server's refusal is said in its own words.
    await user.click(
      within(una!).getByRole('button', { name: 'Invite to the driver app: Una Mailable' }),
    );
    expect(
      await screen.findByText('The mail server did not answer: try again shortly.'),
    ).toBeTruthy();
    expect(screen.queryByText('Invitation sent to tom.reed@example.co.uk')).toBeNull();
  });
});
