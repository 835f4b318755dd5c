import type { Kysely, Transaction } from 'kysely';
import type {
  CompanyInput,
  CompanyPatch,
  CompanyRecord,
} from '../../../contract/operator-companies';
import { COMPANY_MESSAGES } from '../../../domain/fleet-company-messages';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type { CompaniesRepository, CompanyTableRow } from '../../repositories/companies-repository';
import type { ConfigChanges } from '../config/config-changes';
import { activeSummary } from '../fleet/fleet-setup-service';
import type { OperatorIdentity } from '../operator/operator-auth-service';

/**
 * A new company's rating until the site has its own measure: the middle of the public scale
 * (1–5), so a newcomer is listed neither first nor last by default.
 */
const NEW_COMPANY_RATING = 3;

export interface CompaniesDeps {
  db: Kysely<Database>;
  companies: CompaniesRepository;
  activity: ActivityRepository;
  configChanges: ConfigChanges;
  clock: () => Date;
}

export function toCompanyRecord(row: CompanyTableRow): CompanyRecord {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    vat_number: row.vat_number,
    active: row.active,
  };
}

/** '' and null both mean "not VAT registered". */
const vatOf = (value: string | null | undefined) => (value ? value : null);

/**
 * The admin's Companies page (issue 33). A deactivated company's vehicles leave the public
 * fleet and quotes (the 'companies' notice tells every process), and its operators' console
 * sessions end; its bookings stay where they were.
 */
export function createCompaniesService(deps: CompaniesDeps) {
  return {
    async list(): Promise<CompanyRecord[]> {
      return (await deps.companies.list()).map(toCompanyRecord);
    },
    add: (operator: OperatorIdentity, input: CompanyInput) => addCompany(deps, operator, input),
    change: (operator: OperatorIdentity, id: number, patch: CompanyPatch) =>
      changeCompany(deps, operator, id, patch),
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;

async function found(deps: CompaniesDeps, id: number, executor?: Kysely<Database>) {
  const row = await deps.companies.find(id, executor);
  if (!row) throw new HttpError(404, COMPANY_MESSAGES.companyNotFound);
  return row;
}

async function nameFree(deps: CompaniesDeps, name: string, exceptId: number | null) {
  if (await deps.companies.named(name, exceptId)) {
    throw new RequestValidationError([{ path: 'name', message: COMPANY_MESSAGES.nameTaken }]);
  }
}

/** A change in one transaction with its activity row and the 'companies' notice. */
async function saved(
  deps: CompaniesDeps,
  operator: OperatorIdentity,
  change: (trx: Transaction<Database>) => Promise<{
    before: CompanyRecord | null;
    after: CompanyRecord;
  }>,
): Promise<CompanyRecord> {
  return deps.db.transaction().execute(async (trx) => {
    const { before, after } = await change(trx);
    await deps.activity.record(trx, {
      actor: { id: operator.id, name: operator.name },
      companyId: after.id,
      kind: 'companies',
      subject: after.name,
      summary: before ? activeSummary(before.active, after.active, 'Company') : 'Company added',
      before,
      after,
      at: deps.clock(),
    });
    await deps.configChanges.publish(trx, 'companies');
    return after;
  });
}

async function addCompany(deps: CompaniesDeps, operator: OperatorIdentity, input: CompanyInput) {
  await nameFree(deps, input.name, null);
  return saved(deps, operator, async (trx) => {
    const id = await deps.companies.insert(
      {
        name: input.name,
        address: input.address,
        phone: input.phone ?? '',
        email: input.email ?? '',
        vat_number: vatOf(input.vat_number),
        rating: NEW_COMPANY_RATING,
      },
      trx,
    );
    return { before: null, after: toCompanyRecord(await found(deps, id, trx)) };
  });
}

async function changeCompany(
  deps: CompaniesDeps,
  operator: OperatorIdentity,
  id: number,
  patch: CompanyPatch,
) {
  await found(deps, id);
  if (patch.name !== undefined) await nameFree(deps, patch.name, id);
  return saved(deps, operator, async (trx) => {
    const before = toCompanyRecord(await found(deps, id, trx));
    const { vat_number, ...rest } = patch;
    await deps.companies.update(
      id,
      { ...rest, ...(vat_number !== undefined ? { vat_number: vatOf(vat_number) } : {}) },
      trx,
    );
    // Its operators are signed out at once, not at their next idle expiry.
    if (before.active && patch.active === false) {
      await deps.companies.revokeSessions(id, deps.clock(), trx);
    }
    return { before, after: toCompanyRecord(await found(deps, id, trx)) };
  });
}
