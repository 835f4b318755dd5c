import type { Kysely } from 'kysely';
import type { BankHolidayWire, ZoneInput, ZoneWire } from '../../../contract/operator-zones';
import { PRICE_MESSAGES } from '../../../domain/price-messages';
import { addDays, todayInLondon } from '../../../domain/uk-time';
import type { Database } from '../../db/schema';
import type { ZoneRow } from '../../repositories/price-versions-repository';
import { HttpError, RequestValidationError } from '../../errors';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import type { PriceDeps } from './price-commit';

/** How far back the list of bank holidays reaches: last year's are still worth seeing. */
const HOLIDAYS_SHOWN_FROM_DAYS_AGO = 366;

function toZoneWire(row: Omit<ZoneWire, 'radius_km'> & { radius_km: unknown }): ZoneWire {
  return { ...row, radius_km: Number(row.radius_km) };
}

/**
 * The zone as it is to be stored. A flight field left out keeps what is stored (`stored`: null
 * for a new zone), so a client that knows nothing of flights does not wipe them; a zone that is
 * no longer an airport loses both, as flights are tracked only to airports.
 */
function zoneRow(input: ZoneInput, stored: ZoneWire | null): ZoneRow {
  const { iata_code, flight_buffer_minutes, ...place } = input;
  if (!input.is_airport) return { ...place, iata_code: null, flight_buffer_minutes: null };
  return {
    ...place,
    iata_code: iata_code === undefined ? (stored?.iata_code ?? null) : iata_code,
    flight_buffer_minutes:
      flight_buffer_minutes === undefined
        ? (stored?.flight_buffer_minutes ?? null)
        : flight_buffer_minutes,
  };
}

/**
 * The admin's zones and bank holidays (issue 33): the places and days every company's prices
 * refer to. Each change is recorded with before and after and reaches every process's quotes.
 */
export function createZonesService(deps: PriceDeps) {
  const { versions } = deps;

  /** One change: written, recorded and announced in one transaction. */
  async function change(
    operator: OperatorIdentity,
    subject: string,
    write: (trx: Kysely<Database>) => Promise<{ before: unknown; after: unknown }>,
  ) {
    await deps.db.transaction().execute(async (trx) => {
      const values = await write(trx);
      await deps.activity.record(trx, {
        actor: { id: operator.id, name: operator.name },
        companyId: null,
        kind: 'prices',
        at: deps.clock(),
        subject,
        ...values,
      });
      await deps.configChanges.publish(trx, 'prices');
    });
  }

  async function zone(id: number) {
    const row = await versions.findZone(id);
    if (!row) throw new HttpError(404, PRICE_MESSAGES.zoneNotFound);
    return toZoneWire(row);
  }

  async function checkName(name: string, exceptId: number | null) {
    if (await versions.zoneNameTaken(name, exceptId)) {
      throw new RequestValidationError([{ path: 'name', message: PRICE_MESSAGES.zoneNameTaken }]);
    }
  }

  return {
    listZones: async () => (await versions.listZones()).map(toZoneWire),

    async addZone(operator: OperatorIdentity, input: ZoneInput): Promise<ZoneWire> {
      await checkName(input.name, null);
      let id = 0;
      await change(operator, `Zone ${input.name}`, async (trx) => {
        const row = zoneRow(input, null);
        id = (await versions.insertZone(trx, row)).id;
        return { before: null, after: row };
      });
      return zone(id);
    },

    async updateZone(operator: OperatorIdentity, id: number, input: ZoneInput): Promise<ZoneWire> {
      const before = await zone(id);
      await checkName(input.name, id);
      await change(operator, `Zone ${input.name}`, async (trx) => {
        const row = zoneRow(input, before);
        await versions.updateZone(trx, id, row);
        return { before, after: { id, ...row } };
      });
      return zone(id);
    },

    /** Removing a zone removes the fixed fares that used it (as the tables cascade). */
    async deleteZone(operator: OperatorIdentity, id: number): Promise<void> {
      const before = await zone(id);
      await change(operator, `Zone ${before.name}`, async (trx) => {
        await versions.deleteZone(trx, id);
        return { before, after: null };
      });
    },

    async listBankHolidays(): Promise<BankHolidayWire[]> {
      const from = addDays(todayInLondon(deps.clock()), -HOLIDAYS_SHOWN_FROM_DAYS_AGO);
      return versions.listBankHolidays(from);
    },

    async saveBankHoliday(operator: OperatorIdentity, input: BankHolidayWire): Promise<void> {
      const subject = `Bank holiday ${input.date} (${input.region})`;
      await change(operator, subject, async (trx) => {
        const was = await versions.upsertBankHoliday(trx, input);
        return { before: was ? { ...input, name: was.name } : null, after: input };
      });
    },

    async deleteBankHoliday(operator: OperatorIdentity, holiday: Omit<BankHolidayWire, 'name'>) {
      const subject = `Bank holiday ${holiday.date} (${holiday.region})`;
      await change(operator, subject, async (trx) => {
        const gone = await versions.deleteBankHoliday(trx, holiday.date, holiday.region);
        if (!gone) throw new HttpError(404, PRICE_MESSAGES.bankHolidayNotFound);
        return { before: { ...holiday, name: gone.name }, after: null };
      });
    },
  };
}

export type ZonesService = ReturnType<typeof createZonesService>;
