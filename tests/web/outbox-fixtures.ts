import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { SUBMISSION_MESSAGES } from '../../src/domain/messages';
import { db } from '../../src/web/offline/db';
import { resetOutboxForTests } from '../../src/web/offline/outbox';
import { answerFetch, demoCompanies, demoPlaces, demoVehicles, jsonResponse } from './helpers';
import { clearDrafts, quotationSettings } from './quotation-fixtures';

/** What the fake server can answer a submission with. */
export type Reply =
  | { status?: number; body: unknown }
  | 'network-error'
  /** Answered when the test calls the returned function: lets a test look at 'in flight'. */
  | Promise<{ status?: number; body: unknown } | 'network-error'>;

/** One POST the app made: path under /api/v1, JSON body and Idempotency-Key. */
export type Sent = { path: string; body: Record<string, unknown>; key: string | null };

export const quoteSentReply = {
  body: { success: true, message: SUBMISSION_MESSAGES.quoteSent, data: { success: true } },
};
export const formSubmittedReply = {
  body: { success: true, message: SUBMISSION_MESSAGES.formSubmitted },
};
/** The wire format of a failure (API.md, Envelope); contact-us adds `error`. */
export function failureReply(
  status: number,
  message: string,
  errors?: { path: string; message: string }[],
) {
  return {
    status,
    body: { success: false, message, error: message, ...(errors ? { errors } : {}) },
  };
}

/** A reply the test releases later, to see what happens while a request is in flight. */
export function deferredReply() {
  let release!: (reply: { status?: number; body: unknown } | 'network-error') => void;
  const reply = new Promise<{ status?: number; body: unknown } | 'network-error'>((resolve) => {
    release = resolve;
  });
  return { reply, release };
}

/**
 * Answers the catalogue GETs with demo data and each submission POST with the next reply of
 * its path's list (the last one repeats; 404 when none). Records every POST in `sent`.
 */
export function answerSubmissions(replies: Partial<Record<string, Reply[]>> = {}) {
  const sent: Sent[] = [];
  const catalogue: Record<string, unknown> = {
    [API_PATHS.settingsFlat]: Object.entries(quotationSettings()).map(
      ([setting_name, setting_value]) => ({ setting_name, setting_value }),
    ),
    [API_PATHS.fetchVehicles]: demoVehicles,
    [API_PATHS.fetchCompanies]: demoCompanies,
    [API_PATHS.aiAddresses]: demoPlaces,
  };
  const used: Record<string, number> = {};
  const spy = answerFetch(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(API_BASE, '');
    if (init?.method === 'POST') {
      const headers = new Headers(init.headers);
      sent.push({
        path,
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
        key: headers.get('Idempotency-Key'),
      });
      const list = replies[path] ?? [];
      const index = Math.min(used[path] ?? 0, list.length - 1);
      used[path] = (used[path] ?? 0) + 1;
      const reply = await list[index];
      if (reply === undefined) return jsonResponse({ success: false, message: 'Not found' }, 404);
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      return jsonResponse(reply.body, reply.status ?? 200);
    }
    const data = catalogue[path];
    if (data === undefined) return jsonResponse({ success: false, message: 'Not found' }, 404);
    return jsonResponse({ success: true, data });
  });
  return { spy, sent };
}

/** Nothing saved, nothing waiting, no replay triggers left over from an earlier test. */
export async function clearOutbox() {
  resetOutboxForTests();
  await db.outbox.clear();
  await clearDrafts();
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const CONTACT_PATH = API_PATHS.contactUs;
export const QUOTE_NOW_PATH = API_PATHS.sendInstantEmail;
