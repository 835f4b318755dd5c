import type { Kysely } from 'kysely';
import { DRIVER_ROUTES } from '../../../contract/app-routes';
import { DRIVER_MESSAGES } from '../../../domain/driver-messages';
import { OPERATOR_MESSAGES } from '../../../domain/messages';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type {
  DriverInvitationRow,
  DriverInvitationsRepository,
} from '../../repositories/driver-invitations-repository';
import type { DriversRepository } from '../../repositories/drivers-repository';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import { hashPassword, passwordProblem } from '../accounts/passwords';
import {
  hashInvitationToken,
  invitationLink,
  invitationRefusal,
  newInvitation,
} from '../accounts/invitation-tokens';
import { driverInvitationMail } from '../mail/driver-invitation-mail';
import type { OperatorIdentity } from '../operator/operator-auth-service';

const REFUSALS = {
  unknown: DRIVER_MESSAGES.invitationUnknown,
  used: DRIVER_MESSAGES.invitationUsed,
  expired: DRIVER_MESSAGES.invitationExpired,
};

export interface DriverInvitationDeps {
  db: Kysely<Database>;
  drivers: Pick<DriversRepository, 'find'>;
  invitations: DriverInvitationsRepository;
  outbox: OutboxRepository;
  activity: Pick<ActivityRepository, 'record'>;
  clock: () => Date;
  /** PUBLIC_URL's origin, or where the server listens (the local demo). */
  siteOrigin: string;
  /** Sends the queued mail at once, after the commit. */
  mailQueued: () => void;
}

/**
 * Invitations to the driver app (issue 34), on the rule every invitation follows
 * (accounts/invitation-tokens.ts): the console sends one to a driver with an email; the driver
 * sets a password with its link, which uses it up. Sent again, it replaces the unused one, and
 * also lets a driver who forgot their password choose a new one.
 */
export function createDriverInvitations(deps: DriverInvitationDeps) {
  const { db, invitations, clock } = deps;

  async function usable(token: string): Promise<DriverInvitationRow> {
    const row = await invitations.findInvitation(hashInvitationToken(token), false);
    const refused = invitationRefusal(row, clock(), REFUSALS);
    if (refused) throw refused;
    return row!;
  }

  return {
    /** POST /operator/drivers/{id}/invitation: mails the link; answers where it went. */
    async send(operator: OperatorIdentity, driverId: number): Promise<{ sent_to: string }> {
      const driver = await deps.drivers.find(driverId, operator.companyId);
      if (!driver) throw new HttpError(404, OPERATOR_MESSAGES.driverNotFound);
      if (!driver.active) throw new HttpError(409, DRIVER_MESSAGES.inviteInactive);
      const email = driver.email?.trim() ?? '';
      if (email === '') throw new HttpError(409, DRIVER_MESSAGES.noEmail);
      await db.transaction().execute(async (trx) => {
        const invitation = newInvitation(clock());
        await invitations.replaceInvitation(trx, { driverId, ...invitation });
        const mail = driverInvitationMail({
          to: email,
          name: driver.name,
          companyName: driver.company_name,
          invitedBy: operator.name,
          link: invitationLink(deps.siteOrigin, DRIVER_ROUTES.setPassword, invitation.token),
          expiresAt: invitation.expiresAt,
        });
        await deps.outbox.enqueue(mail, trx);
        await deps.activity.record(trx, {
          actor: { id: operator.id, name: operator.name },
          companyId: driver.company_id,
          kind: 'drivers',
          subject: driver.name,
          summary: 'Invitation to the driver app sent',
          before: null,
          after: { invitation_sent_to: email, link_expires_at: invitation.expiresAt.toISOString() },
          at: invitation.createdAt,
        });
      });
      deps.mailQueued();
      return { sent_to: email };
    },

    /** GET /driver/invitation: the name and email the link is for, so the page greets them. */
    async lookup(token: string): Promise<{ name: string; email: string }> {
      const row = await usable(token);
      return { name: row.name, email: row.email ?? '' };
    },

    /**
     * POST /driver/set-password: sets the password and uses the link up, all or nothing;
     * answers the driver's id, whom the route signs in. The link is checked before the
     * password, so a dead link is said to be dead rather than the password too short.
     */
    async setPassword(token: string, password: string): Promise<number> {
      await usable(token);
      const problem = passwordProblem(password);
      if (problem) throw new RequestValidationError([{ path: 'password', message: problem }]);
      // Hashed before the transaction: argon2 takes tens of milliseconds, too long to hold
      // the invitation's row lock (and PGlite's only connection) for.
      const passwordHash = await hashPassword(password);
      return db.transaction().execute(async (trx) => {
        const now = clock();
        const row = await invitations.findInvitation(hashInvitationToken(token), true, trx);
        const refused = invitationRefusal(row, now, REFUSALS);
        if (refused) throw refused;
        const { id: invitationId, driver_id: driverId } = row!;
        await invitations.usePassword(trx, { invitationId, driverId, passwordHash, at: now });
        return driverId;
      });
    },
  };
}

export type DriverInvitations = ReturnType<typeof createDriverInvitations>;
