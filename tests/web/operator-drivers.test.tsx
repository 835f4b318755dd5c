import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Driver } from '../../src/contract/operator';
import { API_PATHS } from '../../src/contract/paths';
import { renderApp, preloadPages } from './helpers';
import { admin, answerOperatorCalls, driver, type SeenRequest } from './operator-fixtures';

preloadPages('/operator/drivers');

function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table', { name: 'Drivers' });
  const [, body] = within(table).getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}

/** A fake drivers service: saves change the list the next GET answers. */
function driversServer(initial: Driver[], me = undefined as typeof admin | undefined) {
  let drivers = [...initial];
  const saves: SeenRequest[] = [];
  const server = answerOperatorCalls({
    ...(me ? { me } : {}),
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
  return { server, saves };
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
    await user.type(within(dialog).getByLabelText('Vehicle registration'), 'zz26 new');
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
      vehicle_registration: 'ZZ26 NEW',
      category_id: 2,
    });
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByText('Zoe New is saved.')).toBeTruthy();
  });

  it('lets the admin choose the company of a new driver', async () => {
    const { saves } = driversServer([driver()], admin);
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
    await user.type(within(dialog).getByLabelText('Vehicle registration'), 'ZZ26NEW');
    await user.selectOptions(within(dialog).getByLabelText('Vehicle category'), 'Saloon');
    await user.click(within(dialog).getByRole('button', { name: 'Save driver' }));
    expect(await within(dialog).findByText('Choose the company')).toBeTruthy();
    await user.selectOptions(company, 'Capital Chauffeurs');
    await user.click(within(dialog).getByRole('button', { name: 'Save driver' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.body).toMatchObject({ company_id: 2, category_id: 1 });
  });

  it('edits a driver with PATCH, the form filled in with what they have', async () => {
    const { saves } = driversServer([driver()]);
    const { user } = renderApp('/operator/drivers');
    await screen.findByRole('table', { name: 'Drivers' });
    await user.click(screen.getByRole('button', { name: 'Edit Tom Reed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tom Reed' });
    const registration = within(dialog).getByLabelText('Vehicle registration') as HTMLInputElement;
    expect(registration.value).toBe('AB12 CDE');
    expect((within(dialog).getByLabelText('Licence expiry') as HTMLInputElement).value).toBe(
      '2027-06-30',
    );
    await user.clear(registration);
    await user.type(registration, 'CD34 EFG');
    await user.click(within(dialog).getByRole('button', { name: 'Save driver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves[0]?.method).toBe('PATCH');
    expect(saves[0]?.path).toBe('/operator/drivers/31');
    expect(saves[0]?.body).toMatchObject({ vehicle_registration: 'CD34 EFG', category_id: 1 });
    expect(await screen.findByText('CD34 EFG')).toBeTruthy();
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
});
