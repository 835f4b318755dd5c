import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { siteOrigin } from '../../lib/site-origin';
import type { Repositories } from '../../repositories/all-repositories';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import { createAccountsService } from './accounts-service';
import { createSetPasswordService } from './set-password';

/** The Accounts page's services over the app's repositories and its outbox (issue 33). */
export function accountsServices(
  options: { config: Config; db: Kysely<Database>; clock: () => Date },
  repositories: Repositories,
  mail: { outbox: OutboxRepository; mailQueued: () => void },
) {
  const { db, clock } = options;
  const base = {
    db,
    accounts: repositories.operatorAccounts,
    activity: repositories.activity,
    clock,
  };
  return {
    accounts: createAccountsService({
      ...base,
      outbox: mail.outbox,
      mailQueued: mail.mailQueued,
      siteOrigin: siteOrigin(options.config),
    }),
    invitations: createSetPasswordService(base),
  };
}
