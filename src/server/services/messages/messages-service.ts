import type { Kysely } from 'kysely';
import type {
  MessagePreview,
  MessagePreviewRequest,
  MessageSave,
  MessageTemplateEntry,
} from '../../../contract/operator-messages';
import {
  DEFAULT_MESSAGES,
  eventHasMail,
  fillMessage,
  MESSAGE_EVENT_LABELS,
  MESSAGE_EVENTS,
  MESSAGE_TEMPLATE_TEXTS,
  smsLength,
  type MessageEvent,
  type MessageTemplate,
  type MessageValues,
} from '../../../domain/passenger-messages';
import { companyPhone, toSettingsMap } from '../../../domain/settings';
import type { Database } from '../../db/schema';
import { RequestValidationError } from '../../errors';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type {
  MessageTemplateRow,
  MessageTemplatesRepository,
} from '../../repositories/message-templates-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { sampleValues } from './message-values';

export interface MessagesServiceDeps {
  db: Kysely<Database>;
  templates: MessageTemplatesRepository;
  activity: Pick<ActivityRepository, 'record'>;
  settings: Pick<SettingsRepository, 'listByName'>;
  clock: () => Date;
  /** PUBLIC_URL's origin, or where the server listens: the sample's tracking link. */
  siteOrigin: string;
}

const wordsOf = (row: Pick<MessageTemplate, 'subject' | 'intro' | 'sms'>): MessageTemplate => ({
  subject: row.subject,
  intro: row.intro,
  sms: row.sms,
});

/** One event as the page shows it: the saved row over the default. */
function toEntry(event: MessageEvent, row: MessageTemplateRow | undefined): MessageTemplateEntry {
  const fallback = DEFAULT_MESSAGES[event];
  return {
    event,
    label: MESSAGE_EVENT_LABELS[event],
    ...wordsOf(row ?? fallback),
    is_default: row === undefined,
    default: wordsOf(fallback),
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
    updated_by: row?.updated_by_name ?? null,
  };
}

/**
 * A save's words, judged against its event: a mail event needs its subject and opening
 * paragraph, an event told by text only may have neither (the contract checked the rest).
 */
function checkedWords(event: MessageEvent, body: MessageSave): MessageTemplate {
  const fields = ['subject', 'intro'] as const;
  const errors = eventHasMail(event)
    ? fields
        .filter((field) => !body[field])
        .map((path) => ({ path, message: MESSAGE_TEMPLATE_TEXTS.mailNeeds(path) }))
    : fields
        .filter((field) => body[field] !== undefined && body[field] !== null)
        .map((path) => ({ path, message: MESSAGE_TEMPLATE_TEXTS.textOnly(path, event) }));
  if (errors.length > 0) throw new RequestValidationError(errors);
  return { subject: body.subject ?? null, intro: body.intro ?? null, sms: body.sms };
}

const sameWords = (a: MessageTemplate, b: MessageTemplate) =>
  a.subject === b.subject && a.intro === b.intro && a.sms === b.sms;

async function findWords(
  deps: MessagesServiceDeps,
  event: MessageEvent,
  trx?: Kysely<Database>,
): Promise<MessageTemplate | undefined> {
  const row = await deps.templates.find(event, trx);
  return row && wordsOf(row);
}

async function record(
  deps: MessagesServiceDeps,
  trx: Kysely<Database>,
  operator: OperatorIdentity,
  change: { event: MessageEvent; summary: string; before: MessageTemplate; after: MessageTemplate },
) {
  await deps.activity.record(trx, {
    actor: operator,
    companyId: null,
    kind: 'messages',
    subject: MESSAGE_EVENT_LABELS[change.event],
    summary: change.summary,
    before: change.before,
    after: change.after,
    at: deps.clock(),
  });
}

/** Saves the words over the default, with its activity row; the same words again do nothing. */
async function saveWords(
  deps: MessagesServiceDeps,
  operator: OperatorIdentity,
  event: MessageEvent,
  after: MessageTemplate,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await deps.templates.lock(trx, event);
    const before = wordsOf(row ?? DEFAULT_MESSAGES[event]);
    if (row && sameWords(before, after)) return;
    await deps.templates.save(trx, {
      event,
      ...after,
      updated_at: deps.clock(),
      updated_by: operator.id,
    });
    const summary = MESSAGE_TEMPLATE_TEXTS.changed;
    await record(deps, trx, operator, { event, summary, before, after });
  });
}

/** Back to the default: the saved row goes, with its activity row; none saved, nothing. */
async function resetWords(
  deps: MessagesServiceDeps,
  operator: OperatorIdentity,
  event: MessageEvent,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await deps.templates.lock(trx, event);
    if (!row) return;
    await deps.templates.remove(trx, event);
    const after = wordsOf(DEFAULT_MESSAGES[event]);
    const summary = MESSAGE_TEMPLATE_TEXTS.reset;
    await record(deps, trx, operator, { event, summary, before: wordsOf(row), after });
  });
}

/** The words given (else the saved or default ones) filled with the sample booking's values. */
async function previewWords(
  deps: MessagesServiceDeps,
  event: MessageEvent,
  body: MessagePreviewRequest,
): Promise<MessagePreview> {
  const words = (await findWords(deps, event)) ?? DEFAULT_MESSAGES[event];
  const mail = eventHasMail(event);
  const settings = toSettingsMap(await deps.settings.listByName(['Company_Contact_Info']));
  const values = sampleValues({
    now: deps.clock(),
    siteOrigin: deps.siteOrigin,
    companyPhone: companyPhone(settings),
  });
  const fill = (text: string | null | undefined) =>
    mail && text ? fillMessage(text, values) : null;
  const sms = fillMessage(body.sms ?? words.sms, values);
  const length = smsLength(sms);
  return {
    success: true,
    subject: fill(body.subject === undefined ? words.subject : body.subject),
    intro: fill(body.intro === undefined ? words.intro : body.intro),
    sms,
    sms_parts: length.parts,
    sms_characters: length.characters,
  };
}

/**
 * The Messages page's service (issue 35, admin only): each event's wording, saved over the
 * default or reset to it, every change written to the activity log in its transaction, and
 * `render`, which fills the wording in for the mails and the text messages.
 */
export function createMessagesService(deps: MessagesServiceDeps) {
  const entry = async (event: MessageEvent) => toEntry(event, await deps.templates.find(event));

  return {
    async list(): Promise<MessageTemplateEntry[]> {
      const saved = new Map((await deps.templates.list()).map((row) => [row.event, row]));
      return MESSAGE_EVENTS.map((event) => toEntry(event, saved.get(event)));
    },

    async save(
      operator: OperatorIdentity,
      event: MessageEvent,
      body: MessageSave,
    ): Promise<MessageTemplateEntry> {
      await saveWords(deps, operator, event, checkedWords(event, body));
      return entry(event);
    },

    async reset(operator: OperatorIdentity, event: MessageEvent): Promise<MessageTemplateEntry> {
      await resetWords(deps, operator, event);
      return entry(event);
    },

    preview: (event: MessageEvent, body: MessagePreviewRequest) => previewWords(deps, event, body),

    /**
     * The wording the passenger is told with (the operator's when saved, else the default),
     * filled in; read in `trx` when given. The SMS sender calls it.
     */
    async render(
      event: MessageEvent,
      values: MessageValues,
      trx?: Kysely<Database>,
    ): Promise<MessageTemplate> {
      const words = (await findWords(deps, event, trx)) ?? DEFAULT_MESSAGES[event];
      const fill = (text: string | null) => (text === null ? null : fillMessage(text, values));
      return {
        subject: fill(words.subject),
        intro: fill(words.intro),
        sms: fillMessage(words.sms, values),
      };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
