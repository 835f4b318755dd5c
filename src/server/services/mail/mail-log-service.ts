import type { MailEntry, MailListResponse, MailQuery } from '../../../contract/operator-mail';
import { REQUEST_MESSAGES } from '../../../domain/console-requests';
import { HttpError } from '../../errors';
import { requestHash, type Idempotency } from '../../lib/idempotency';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type { MailCopyRow, MailLogRepository } from '../../repositories/mail-log-repository';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { mailStateOf, resendRefusalOf, toMailEntry } from './mail-log-view';
import type { OutgoingMail } from './outgoing-mail';

/** Messages a page of the Mail page lists. */
export const MAIL_PER_PAGE = 25;

export interface MailLogServiceDeps {
  mailLog: MailLogRepository;
  /** The outbox through the recipient cap: a copy is queued as every mail is. */
  outbox: OutboxRepository;
  activity: ActivityRepository;
  idempotency: Idempotency;
  clock: () => Date;
  mailQueued: () => void;
  /** MAIL_BODY_RETENTION_DAYS: how long a sent message's words are kept. */
  retentionDays: number;
}

/** jsonb comes back parsed from both drivers; text is tolerated in case a driver differs. */
function attachmentsOf(value: unknown): OutgoingMail['attachments'] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? (list as NonNullable<OutgoingMail['attachments']>) : [];
}

/** A fresh copy of a kept message, counted against the recipient's cap as the first was. */
function copyOf(row: MailCopyRow): OutgoingMail {
  return {
    kind: row.kind,
    to: row.recipient,
    ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    attachments: attachmentsOf(row.attachments),
    capped: row.cap_key !== null,
  };
}

/** The console's Mail page: the outbox listed, and Send again. */
export function createMailLogService(deps: MailLogServiceDeps) {
  const entry = (row: Parameters<typeof toMailEntry>[0]) => toMailEntry(row, deps.retentionDays);

  async function found(id: number): Promise<MailCopyRow> {
    const row = await deps.mailLog.find(id);
    if (!row) throw new HttpError(404, REQUEST_MESSAGES.mailNotFound);
    return row;
  }

  return {
    async list(query: MailQuery): Promise<MailListResponse> {
      const page = query.page ?? 1;
      const { rows, total } = await deps.mailLog.list(query.state, {
        limit: MAIL_PER_PAGE,
        offset: (page - 1) * MAIL_PER_PAGE,
      });
      return { success: true, data: rows.map(entry), total, page, per_page: MAIL_PER_PAGE };
    },

    /**
     * Queues a fresh copy through the one outbox path (and its cap); the first row stays as it
     * is. With an Idempotency-Key, a repeated press queues nothing more.
     */
    async resend(operator: OperatorIdentity, id: number, key: string | undefined) {
      const now = deps.clock();
      const answer = await deps.idempotency.run(
        { scope: `mail-resend:${operator.id}:${id}`, key, hash: requestHash({ id }), now },
        async () => {
          const row = await found(id);
          const refusal = resendRefusalOf(row, deps.retentionDays);
          if (refusal) throw new HttpError(409, refusal);
          return row;
        },
        async (trx, row) => {
          const copyId = await deps.outbox.enqueue(copyOf(row), trx);
          await deps.activity.record(trx, {
            actor: { id: operator.id, name: operator.name },
            companyId: null,
            kind: 'mail',
            subject: `Mail ${row.id} to ${row.recipient}`,
            summary: `Sent again as mail ${copyId}`,
            before: { mail_id: row.id, state: mailStateOf(row) },
            after: { mail_id: copyId, copy_of: row.id },
            at: now,
          });
          return { statusCode: 201, body: { id: copyId } };
        },
      );
      deps.mailQueued();
      return entry(await found(answer.body.id)) satisfies MailEntry;
    },
  };
}

export type MailLogService = ReturnType<typeof createMailLogService>;
