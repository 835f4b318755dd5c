import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../../src/contract/operator-vehicles';
import { API_PATHS } from '../../src/contract/paths';
import { OPERATOR_MESSAGES } from '../../src/domain/messages';
import { renderApp, preloadPages } from './helpers';
import {
  admin,
  answerOperatorCalls,
  dispatcher,
  documents,
  manager,
  vehicleRecord,
  type SeenRequest,
} from './operator-fixtures';

preloadPages('/operator/vehicles');

function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table', { name: 'Vehicles' });
  const [, body] = within(table).getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}

/** A fake vehicles service: saves change the list the next GET answers. */
function vehiclesServer(initial: Vehicle[], me = manager) {
  let vehicles = [...initial];
  const saves: SeenRequest[] = [];
  // The first new vehicle is refused once, as the server would a date it cannot take.
  let refuseNext = true;
  const server = answerOperatorCalls({
    me,
    get vehicles() {
      return vehicles;
    },
    saveVehicle: (request) => {
      saves.push(request);
      const body = request.body as Partial<Vehicle>;
      if (request.method === 'POST' && refuseNext) {
        refuseNext = false;
        return {
          status: 400,
          body: {
            success: false,
            message: 'Validation failed',
            errors: [
              { path: 'mot_expiry', message: 'mot_expiry must be after the first registration' },
            ],
          },
        };
      }
      if (request.method === 'POST') {
        const added = vehicleRecord({ ...body, id: 99 });
        vehicles = [...vehicles, added];
        return { status: 201, body: { success: true, data: added } };
      }
      const id = Number(request.path.split('/').at(-1));
      vehicles = vehicles.map((v) => (v.id === id ? { ...v, ...body } : v));
      return { body: { success: true, data: vehicles.find((v) => v.id === id) } };
    },
  });
  return { server, saves };
}

describe('the vehicles page', () => {
  it('lists vehicles with their documents as UK dates, each flagged Expired or Expires in N days', async () => {
    vehiclesServer([
      vehicleRecord(),
      vehicleRecord({
        id: 42,
        registration: 'LD19 MNO',
        make: 'Ford',
        model: 'Galaxy',
        colour: 'Grey',
        seats: 6,
        category_name: 'MPV',
        active: false,
        documents: documents({
          mot: { expiry: '2026-12-03', state: 'expiring', days_left: 12 },
          insurance: { expiry: '2026-11-20', state: 'expired', days_left: -1 },
          phv_licence: { expiry: null, state: 'missing', days_left: null },
        }),
      }),
    ]);
    renderApp('/operator/vehicles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vehicles' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Vehicles' });
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Registration',
      'Vehicle',
      'Seats',
      'Category',
      'PHV vehicle licence',
      'MOT',
      'Insurance',
      'Status',
      'Actions',
    ]);
    const [prius, galaxy] = bodyRows();
    expect(within(prius!).getByRole('rowheader').textContent).toBe('AB12 CDE');
    expect(within(prius!).getByText('Toyota Prius, Silver')).toBeTruthy();
    expect(within(prius!).getByText('31/05/2027')).toBeTruthy();
    expect(within(prius!).queryByText(/Expire|Not recorded/)).toBeNull();
    expect(within(galaxy!).getByText('03/12/2026')).toBeTruthy();
    expect(within(galaxy!).getByText('Expires in 12 days')).toBeTruthy();
    expect(within(galaxy!).getByText('Expired')).toBeTruthy();
    expect(within(galaxy!).getByText('Not recorded')).toBeTruthy();
    expect(within(galaxy!).getByText('Inactive')).toBeTruthy();
    expect(within(galaxy!).getByRole('button', { name: 'Reactivate LD19 MNO' })).toBeTruthy();
  });

  it("adds a vehicle, every control named by its label, and shows the server's problem under its field", async () => {
    const { saves } = vehiclesServer([vehicleRecord()]);
    const { user } = renderApp('/operator/vehicles');
    await screen.findByRole('table', { name: 'Vehicles' });
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add vehicle' });
    expect(within(dialog).queryByLabelText('Company')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Save vehicle' }));
    expect(await within(dialog).findByText('Enter the registration')).toBeTruthy();
    expect(saves).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Registration'), 'AB-12');
    await user.click(within(dialog).getByRole('button', { name: 'Save vehicle' }));
    expect(
      await within(dialog).findByText(
        'Enter a UK registration of letters and digits, like AB12 CDE',
      ),
    ).toBeTruthy();
    const registration = within(dialog).getByLabelText('Registration');
    await user.clear(registration);
    await user.type(registration, 'vx26 abc');
    await user.type(within(dialog).getByLabelText('Make'), 'Toyota');
    await user.type(within(dialog).getByLabelText('Model'), 'Corolla');
    await user.type(within(dialog).getByLabelText('Colour'), 'White');
    const category = within(dialog).getByLabelText('Vehicle category');
    await waitFor(() => expect(within(category).getByRole('option', { name: 'MPV' })).toBeTruthy());
    await user.selectOptions(category, 'MPV');
    await user.type(within(dialog).getByLabelText('PHV vehicle licence number'), 'phv-9');
    await user.type(within(dialog).getByLabelText('PHV vehicle licence expiry'), '2027-08-31');
    await user.type(within(dialog).getByLabelText('MOT expiry'), '2027-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Save vehicle' }));
    expect(
      await within(dialog).findByText('MOT expiry must be after the first registration'),
    ).toBeTruthy();
    const mot = within(dialog).getByLabelText('MOT expiry');
    expect(mot.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(mot);
    await user.click(within(dialog).getByRole('button', { name: 'Save vehicle' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves).toHaveLength(2);
    expect(saves.at(-1)?.method).toBe('POST');
    expect(saves.at(-1)?.path).toBe(API_PATHS.operatorVehicles);
    expect(saves.at(-1)?.body).toEqual({
      registration: 'VX26 ABC',
      make: 'Toyota',
      model: 'Corolla',
      colour: 'White',
      seats: 4,
      category_id: 2,
      phv_licence_number: 'phv-9',
      phv_licence_expiry: '2027-08-31',
      mot_expiry: '2027-03-31',
      // Left blank: not recorded, and the vehicle cannot be sent until it is.
      insurance_expiry: null,
    });
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByText('VX26 ABC is saved.')).toBeTruthy();
  });

  it('edits with PATCH, the form filled in, and deactivates with focus kept on the button', async () => {
    const { saves } = vehiclesServer([vehicleRecord()]);
    const { user } = renderApp('/operator/vehicles');
    await user.click(await screen.findByRole('button', { name: 'Edit AB12 CDE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit AB12 CDE' });
    const mot = within(dialog).getByLabelText('MOT expiry') as HTMLInputElement;
    expect(mot.value).toBe('2027-05-31');
    await user.clear(mot);
    await user.type(mot, '2028-05-31');
    await user.click(within(dialog).getByRole('button', { name: 'Save vehicle' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves[0]).toMatchObject({ method: 'PATCH', path: '/operator/vehicles/41' });
    expect(saves[0]?.body).toMatchObject({ mot_expiry: '2028-05-31', registration: 'AB12 CDE' });
    expect(saves[0]?.body).not.toHaveProperty('company_id');

    await user.click(screen.getByRole('button', { name: 'Deactivate AB12 CDE' }));
    expect(await screen.findByText('AB12 CDE is deactivated.')).toBeTruthy();
    expect(saves[1]?.body).toEqual({ active: false });
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Reactivate AB12 CDE' }),
    );
  });

  it('gives the admin the company column and its choice, and a dispatcher the refusal', async () => {
    vehiclesServer([vehicleRecord()], admin);
    const { user, unmount } = renderApp('/operator/vehicles');
    await screen.findByRole('table', { name: 'Vehicles' });
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toContain('Company');
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add vehicle' });
    expect(within(dialog).getByLabelText('Company')).toBeTruthy();
    unmount();

    vehiclesServer([vehicleRecord()], dispatcher);
    renderApp('/operator/vehicles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vehicles' })).toBeTruthy();
    expect(screen.getByText(OPERATOR_MESSAGES.onlyRoles(['admin', 'manager']))).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
