import type { ActivityPage, ActivityQuery } from '../../../contract/operator-activity';
import { ACTIVITY_PAGE_SIZE, type ActivityKind } from '../../../domain/console-activity';
import { addDays, londonWallClockToUtc } from '../../../domain/uk-time';
import { RequestValidationError } from '../../errors';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type { OperatorIdentity } from '../operator/operator-auth-service';

type ActivityRow = Awaited<ReturnType<ActivityRepository['list']>>[number];

/** A page's last change as the next page's `before`: its time to the millisecond, and its id. */
function cursorOf(row: ActivityRow): string {
  return `${new Date(row.at).toISOString()}_${row.id}`;
}

function parseCursor(text: string): { at: Date; id: number } {
  const [at = '', id = ''] = text.split('_');
  return { at: new Date(at), id: Number(id) };
}

/** jsonb comes back parsed from PostgreSQL, but as text from some drivers: one shape out. */
function jsonOf(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function toEntry(row: ActivityRow): ActivityPage['entries'][number] {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    operator_id: row.operator_id,
    operator_name: row.operator_name,
    company_id: row.company_id,
    kind: row.kind as ActivityKind,
    subject: row.subject,
    summary: row.summary,
    before: jsonOf(row.before),
    after: jsonOf(row.after),
  };
}

/**
 * The Activity page's reading of the log (issue 33): the admin's every change, a manager's
 * its own company's only (rows of the whole site, company null, are the admin's). Dates are UK
 * calendar days: `to` takes in the whole of its day, whatever the clocks did.
 */
export function createActivityService(deps: { activity: ActivityRepository }) {
  return {
    async list(operator: OperatorIdentity, query: ActivityQuery): Promise<ActivityPage> {
      if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
        throw new RequestValidationError([{ path: 'to', message: 'to must not be before from' }]);
      }
      const companyId = operator.companyId ?? undefined;
      const rows = await deps.activity.list({
        companyId,
        operatorId: query.operator_id,
        kind: query.kind,
        from: query.from === undefined ? undefined : londonWallClockToUtc(query.from, 0, 0),
        to:
          query.to === undefined
            ? undefined
            : new Date(londonWallClockToUtc(addDays(query.to, 1), 0, 0).getTime() - 1),
        before: query.before === undefined ? undefined : parseCursor(query.before),
        // One more than a page says whether there is a next one.
        limit: ACTIVITY_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
      const last = page.at(-1);
      return {
        entries: page.map(toEntry),
        next: rows.length > ACTIVITY_PAGE_SIZE && last ? cursorOf(last) : null,
        people: await deps.activity.people(companyId),
      };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
