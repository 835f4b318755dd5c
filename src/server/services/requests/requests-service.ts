import type { Kysely, Transaction } from 'kysely';
import type {
  ConsoleRequest,
  RequestPatch,
  RequestsQuery,
  RequestsResponse,
} from '../../../contract/operator-requests';
import { REQUEST_KIND_LABELS, REQUEST_MESSAGES } from '../../../domain/console-requests';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { requestHash, type Idempotency } from '../../lib/idempotency';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type {
  RequestRow,
  RequestScope,
  RequestsRepository,
} from '../../repositories/requests-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { bookingContacts } from '../mail/company-contacts';
import type { CompanyContact } from '../mail/mail-format';
import { loadCompanyContact } from '../submissions/submission-service';
import { requestReplyMail } from './reply-mail';
import { toConsoleRequest } from './request-view';

/** Requests a page of the console lists. */
export const REQUESTS_PER_PAGE = 25;

export interface RequestsServiceDeps {
  db: Kysely<Database>;
  requests: RequestsRepository;
  activity: ActivityRepository;
  /** The outbox through the recipient cap, as every mail is queued. */
  outbox: OutboxRepository;
  settings: SettingsRepository;
  idempotency: Idempotency;
  clock: () => Date;
  /** Called after a commit that queued mail, so it goes at once. */
  mailQueued: () => void;
}

/**
 * Which requests an operator sees. Requests come to the site, not to a company: the admin (the
 * site's office) sees them all; a manager only those about its own company's bookings — a
 * Contact Us message naming one of them, or a Quote Now request booked with it — since a
 * visitor's details reach a company only with a job of theirs.
 */
export function requestScopeOf(operator: OperatorIdentity): RequestScope {
  return { companyId: operator.companyId };
}

/** "Quote Now request 12": how the activity log names a request. */
export const requestSubject = (row: Pick<RequestRow, 'id' | 'kind'>) =>
  `${REQUEST_KIND_LABELS[row.kind]} request ${row.id}`;

export const actorOf = (operator: OperatorIdentity) => ({ id: operator.id, name: operator.name });

/** The console's Requests: listed, read, closed and reopened, and replied to by mail. */
export function createRequestsService(deps: RequestsServiceDeps) {
  async function found(operator: OperatorIdentity, id: number, trx?: Transaction<Database>) {
    const row = await deps.requests.find(id, requestScopeOf(operator), { trx, lock: !!trx });
    if (!row) throw new HttpError(404, REQUEST_MESSAGES.notFound);
    return row;
  }

  async function detail(operator: OperatorIdentity, id: number): Promise<ConsoleRequest> {
    const row = await found(operator, id);
    return toConsoleRequest(row, await deps.requests.replies([row.id]));
  }

  return {
    detail,

    async list(operator: OperatorIdentity, query: RequestsQuery): Promise<RequestsResponse> {
      const page = query.page ?? 1;
      const { rows, total } = await deps.requests.list(
        requestScopeOf(operator),
        { state: query.state, kind: query.kind, bookingNumber: query.booking_number },
        { limit: REQUESTS_PER_PAGE, offset: (page - 1) * REQUESTS_PER_PAGE },
      );
      const replies = await deps.requests.replies(rows.map((row) => row.id));
      return {
        success: true,
        data: rows.map((row) => toConsoleRequest(row, replies)),
        total,
        page,
        per_page: REQUESTS_PER_PAGE,
      };
    },

    /** Close, or Reopen; Replied only when there is a reply. Nothing changes, nothing is logged. */
    async setState(operator: OperatorIdentity, id: number, patch: RequestPatch) {
      await deps.db.transaction().execute(async (trx) => {
        const row = await found(operator, id, trx);
        if (row.state === patch.state) return;
        if (patch.state === 'replied' && (await deps.requests.replies([id], trx)).length === 0) {
          throw new HttpError(409, REQUEST_MESSAGES.repliedWithoutReply);
        }
        await deps.requests.setState(id, patch.state, trx);
        await deps.activity.record(trx, {
          actor: actorOf(operator),
          companyId: row.company_id,
          kind: 'requests',
          subject: requestSubject(row),
          summary: patch.state === 'closed' ? 'Closed' : 'Reopened',
          before: { state: row.state },
          after: { state: patch.state },
          at: deps.clock(),
        });
      });
      return detail(operator, id);
    },

    /**
     * Mails the reply through the outbox and keeps it on the request, which becomes Replied,
     * in one transaction; with an Idempotency-Key a repeated press sends nothing more.
     */
    async reply(operator: OperatorIdentity, id: number, message: string, key: string | undefined) {
      const now = deps.clock();
      await deps.idempotency.run(
        { scope: `request-reply:${operator.id}:${id}`, key, hash: requestHash({ message }), now },
        () => loadCompanyContact(deps.settings),
        async (trx, company) => {
          const row = await found(operator, id, trx);
          await sendReply(deps, trx, { operator, row, message, company, now });
          return { statusCode: 200, body: { id } };
        },
      );
      deps.mailQueued();
      return detail(operator, id);
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;

/**
 * A reply's writes, in the transaction holding the request: the mail queued, the reply kept
 * with it, the request Replied, and the activity row.
 */
async function sendReply(
  deps: RequestsServiceDeps,
  trx: Transaction<Database>,
  reply: {
    operator: OperatorIdentity;
    row: RequestRow;
    message: string;
    company: CompanyContact;
    now: Date;
  },
): Promise<void> {
  const { operator, row, message, now } = reply;
  // About a company's booking: that company's number to call, as its booking mails give.
  const contact = bookingContacts(reply.company, {
    company_phone: row.company_phone,
    company_email: '',
  });
  const outboxId = await deps.outbox.enqueue(requestReplyMail(row, message, contact), trx);
  await deps.requests.addReply(
    { submissionId: row.id, operator: actorOf(operator), message, outboxId, at: now },
    trx,
  );
  await deps.requests.setState(row.id, 'replied', trx);
  await deps.activity.record(trx, {
    actor: actorOf(operator),
    companyId: row.company_id,
    kind: 'requests',
    subject: requestSubject(row),
    summary: `Replied to ${row.email}`,
    before: { state: row.state },
    after: { state: 'replied', reply: message, mail_id: outboxId },
    at: now,
  });
}
