import type { Transaction } from 'kysely';
import type {
  ContactRequest,
  InstantQuoteRequest,
  SubmissionResponse,
} from '../../../contract/submissions';
import { SUBMISSION_MESSAGES } from '../../../domain/messages';
import { companyEmail, companyPhone, toSettingsMap } from '../../../domain/settings';
import type { Database } from '../../db/schema';
import type { Idempotency, IdempotentAnswer } from '../../lib/idempotency';
import { requestHash } from '../../lib/idempotency';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type {
  NewSubmission,
  SubmissionsRepository,
} from '../../repositories/submissions-repository';
import type { OutgoingMail } from '../mail/outgoing-mail';
import { checkContact, checkQuoteNow } from './submission-inputs';
import {
  contactOperatorMail,
  contactReceivedMail,
  quoteRequestOperatorMail,
  quoteRequestReceivedMail,
} from './submission-mails';
import type { CompanyContact } from '../mail/mail-format';

export interface SubmissionServiceDeps {
  submissions: SubmissionsRepository;
  outbox: OutboxRepository;
  settings: SettingsRepository;
  idempotency: Idempotency;
  clock: () => Date;
  /** Called after a commit that queued mail, so it is sent at once rather than at the next poll. */
  mailQueued?: () => void;
}

/** The site's contact details every mail to a visitor ends with (FROM_EMAIL, Company_Contact_Info). */
export async function loadCompanyContact(settings: SettingsRepository): Promise<CompanyContact> {
  const map = toSettingsMap(await settings.listByName(['FROM_EMAIL', 'Company_Contact_Info']));
  return { companyEmail: companyEmail(map), companyPhone: companyPhone(map) };
}

/**
 * Quote Now and Contact Us: each submission is stored with both its mails in one transaction,
 * so the operator never gets a message the database lacks, nor the reverse. With an
 * Idempotency-Key, a replay from the browser's offline outbox stores and mails nothing more.
 */
export function createSubmissionService(deps: SubmissionServiceDeps) {
  const company = () => loadCompanyContact(deps.settings);

  async function store(
    trx: Transaction<Database>,
    submission: NewSubmission,
    mails: OutgoingMail[],
  ): Promise<void> {
    await deps.submissions.insert(submission, trx);
    // Without FROM_EMAIL there is nowhere to send the operator's copy; the row still holds it.
    for (const mail of mails) if (mail.to) await deps.outbox.enqueue(mail, trx);
  }

  return {
    /** POST /send-instant-email */
    async sendInstantQuote(
      body: InstantQuoteRequest,
      key: string | undefined,
    ): Promise<IdempotentAnswer<SubmissionResponse>> {
      const now = deps.clock();
      const answer = await deps.idempotency.run(
        { scope: 'quote-now', key, hash: requestHash(body), now },
        async () => ({ quote: checkQuoteNow(body, now), company: await company() }),
        async (trx, { quote, company }) => {
          await store(
            trx,
            {
              kind: 'quote-now',
              email: quote.passenger_email,
              payload: { ...quote },
              createdAt: now,
            },
            [quoteRequestOperatorMail(quote, company), quoteRequestReceivedMail(quote, company)],
          );
          return {
            statusCode: 200,
            body: {
              success: true as const,
              message: SUBMISSION_MESSAGES.quoteSent,
              data: { success: true as const },
            },
          };
        },
      );
      deps.mailQueued?.();
      return answer;
    },

    /** POST /contact-us */
    async contactUs(
      body: ContactRequest,
      key: string | undefined,
    ): Promise<IdempotentAnswer<SubmissionResponse>> {
      const now = deps.clock();
      const answer = await deps.idempotency.run(
        { scope: 'contact-us', key, hash: requestHash(body), now },
        async () => ({ message: checkContact(body), company: await company() }),
        async (trx, { message, company }) => {
          const submission: NewSubmission = {
            kind: 'contact-us',
            email: message.email,
            payload: { ...message },
            createdAt: now,
          };
          await store(trx, submission, [
            contactOperatorMail(message, company),
            contactReceivedMail(message, company),
          ]);
          return {
            statusCode: 200,
            body: { success: true as const, message: SUBMISSION_MESSAGES.formSubmitted },
          };
        },
      );
      deps.mailQueued?.();
      return answer;
    },
  };
}

export type SubmissionService = ReturnType<typeof createSubmissionService>;
