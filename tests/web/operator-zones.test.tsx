import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ZoneWire } from '../../src/contract/operator-zones';
import { API_PATHS } from '../../src/contract/paths';
import { axeViolations } from './axe';
import { preloadPages, renderApp } from './helpers';
import { admin, answerOperatorCalls, type SeenRequest } from './operator-fixtures';

preloadPages('/operator/prices');

const HEATHROW: ZoneWire = {
  id: 1,
  name: 'Heathrow Airport (LHR)',
  lat: 51.47,
  lng: -0.4543,
  radius_km: 3.5,
  is_airport: true,
  iata_code: 'LHR',
  flight_buffer_minutes: null,
};
const CENTRAL: ZoneWire = {
  id: 2,
  name: 'Central London',
  lat: 51.508,
  lng: -0.1247,
  radius_km: 4,
  is_airport: false,
  iata_code: null,
  flight_buffer_minutes: null,
};

const BUFFER_REFUSED = 'flight_buffer_minutes must be a whole number of minutes from 0 to 240';

/**
 * A fake of the admin's zone calls behind the Prices page (no rate cards, so only the zones
 * and bank holidays show). A buffer over 240 is refused as the server refuses it.
 */
function zonesServer(initial: ZoneWire[]) {
  let zones = [...initial];
  const saves: SeenRequest[] = [];
  answerOperatorCalls({
    me: admin,
    other: (request) => {
      const { path, method } = request;
      if (path === API_PATHS.operatorRateCards) return { body: { success: true, rate_cards: [] } };
      if (path === API_PATHS.operatorBankHolidays) {
        return { body: { success: true, bank_holidays: [] } };
      }
      if (path === API_PATHS.operatorZones && method === 'GET') {
        return { body: { success: true, zones } };
      }
      if (!path.startsWith(API_PATHS.operatorZones)) return undefined;
      saves.push(request);
      const body = request.body as ZoneWire;
      if ((body.flight_buffer_minutes ?? 0) > 240) {
        return {
          status: 400,
          body: {
            success: false,
            message: 'Validation failed',
            errors: [{ path: 'flight_buffer_minutes', message: BUFFER_REFUSED }],
          },
        };
      }
      const id = method === 'POST' ? 99 : Number(path.split('/').at(-1));
      const zone = { ...body, id };
      zones = [...zones.filter((z) => z.id !== id), zone];
      return { status: method === 'POST' ? 201 : 200, body: { success: true, zone } };
    },
  });
  return { saves };
}

describe("the Prices page's zones", () => {
  it("lists each airport's code and meeting buffer, and asks for them on an airport zone, each by its label", async () => {
    const { saves } = zonesServer([HEATHROW, CENTRAL]);
    const { user } = renderApp('/operator/prices');
    expect(
      await screen.findByText(
        'Heathrow Airport (LHR): 51.47, -0.4543, radius 3.5 km (airport LHR, meeting buffer the default)',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Central London: 51.508, -0.1247, radius 4 km')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add a zone' });
    expect(within(form).queryByLabelText('Airport code (IATA)')).toBeNull();
    await user.type(within(form).getByLabelText('Zone name'), 'Stansted Airport (STN)');
    await user.type(within(form).getByLabelText('Centre latitude'), '51.8893');
    await user.type(within(form).getByLabelText('Centre longitude'), '0.2622');
    await user.type(within(form).getByLabelText('Radius (km)'), '2');
    await user.click(within(form).getByLabelText('Airport zone'));
    const code = within(form).getByLabelText('Airport code (IATA)') as HTMLInputElement;
    const buffer = within(form).getByLabelText('Meeting buffer (minutes)') as HTMLInputElement;
    expect(buffer.type).toBe('number');
    expect(buffer.placeholder).toBe('Default');
    const help = document.getElementById('zone-buffer-hint')!;
    expect(buffer.getAttribute('aria-describedby')).toBe('zone-buffer-hint');
    expect(help.textContent).toContain('Empty: the default, FLIGHT_BUFFER_MINUTES (45 unless set)');
    expect(await axeViolations(form)).toEqual([]);
    await user.type(code, 'stn');
    expect(code.value).toBe('STN');
    await user.type(buffer, '60');
    await user.click(within(form).getByRole('button', { name: 'Add zone' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ method: 'POST', path: API_PATHS.operatorZones });
    expect(saves[0]!.body).toEqual({
      name: 'Stansted Airport (STN)',
      lat: 51.8893,
      lng: 0.2622,
      radius_km: 2,
      is_airport: true,
      iata_code: 'STN',
      flight_buffer_minutes: 60,
    });
    expect(
      await screen.findByText(
        /Stansted Airport \(STN\): .* \(airport STN, meeting buffer 60 min\)/,
      ),
    ).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>('Zone name').value).toBe('');
  });

  it("edits an airport's buffer with PUT, the server's refusal under the field", async () => {
    const { saves } = zonesServer([HEATHROW, CENTRAL]);
    const { user } = renderApp('/operator/prices');
    await user.click(await screen.findByRole('button', { name: 'Edit Heathrow Airport (LHR)' }));
    const form = screen.getByRole('form', { name: 'Edit Heathrow Airport (LHR)' });
    expect(within(form).getByLabelText<HTMLInputElement>('Airport code (IATA)').value).toBe('LHR');
    const buffer = within(form).getByLabelText<HTMLInputElement>('Meeting buffer (minutes)');
    expect(buffer.value).toBe('');

    await user.type(buffer, '500');
    await user.click(within(form).getByRole('button', { name: 'Save zone' }));
    expect(await within(form).findByText(BUFFER_REFUSED)).toBeTruthy();
    expect(buffer.getAttribute('aria-invalid')).toBe('true');
    expect(buffer.getAttribute('aria-describedby')).toBe('zone-buffer-hint zone-buffer-error');

    await user.clear(buffer);
    await user.type(buffer, '30');
    await user.click(within(form).getByRole('button', { name: 'Save zone' }));
    expect(
      await screen.findByText(
        /Heathrow Airport \(LHR\): .* \(airport LHR, meeting buffer 30 min\)/,
      ),
    ).toBeTruthy();
    expect(saves.map((s) => [s.method, s.path])).toEqual([
      ['PUT', '/operator/zones/1'],
      ['PUT', '/operator/zones/1'],
    ]);
    expect(saves[1]!.body).toEqual({
      name: 'Heathrow Airport (LHR)',
      lat: 51.47,
      lng: -0.4543,
      radius_km: 3.5,
      is_airport: true,
      iata_code: 'LHR',
      flight_buffer_minutes: 30,
    });
    // Saved: the form is for a new zone again.
    expect(screen.getByRole('form', { name: 'Add a zone' })).toBeTruthy();
  });

  it('sends no code or buffer for a zone that is not an airport, and an empty buffer as the default', async () => {
    const { saves } = zonesServer([HEATHROW, CENTRAL]);
    const { user } = renderApp('/operator/prices');
    await user.click(await screen.findByRole('button', { name: 'Edit Heathrow Airport (LHR)' }));
    const form = screen.getByRole('form', { name: 'Edit Heathrow Airport (LHR)' });
    await user.click(within(form).getByRole('button', { name: 'Save zone' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body).toMatchObject({ iata_code: 'LHR', flight_buffer_minutes: null });

    await user.click(screen.getByRole('button', { name: 'Edit Central London' }));
    const central = screen.getByRole('form', { name: 'Edit Central London' });
    expect(within(central).queryByLabelText('Meeting buffer (minutes)')).toBeNull();
    await user.click(within(central).getByRole('button', { name: 'Save zone' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.body).toMatchObject({
      is_airport: false,
      iata_code: null,
      flight_buffer_minutes: null,
    });
  });
});
