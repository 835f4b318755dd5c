import type { Operator } from '../../../contract/operator';
import { COMPANY_MESSAGES } from '../../../domain/fleet-company-messages';
import { OPERATOR_MESSAGES } from '../../../domain/messages';
import { emailKey } from '../../../domain/registration';
import { HttpError } from '../../errors';
import type { OperatorRow, OperatorsRepository } from '../../repositories/operators-repository';
import { verifyPassword } from '../accounts/passwords';
import { hashSessionToken, newSessionToken } from '../accounts/session-tokens';

/** A console session ends after this long without use (issue 21: 12 hours idle). */
export const OPERATOR_IDLE_MS = 12 * 60 * 60_000;

/** Who is asking, as every console call sees them. */
export interface OperatorIdentity {
  id: number;
  name: string;
  role: Operator['role'];
  /** Null for the platform's admin: every company. */
  companyId: number | null;
}

export function toOperator(row: OperatorRow): Operator {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    company_id: row.company_id,
    company_name: row.company_name,
  };
}

export function identityOf(row: OperatorRow): OperatorIdentity {
  return { id: row.id, name: row.name, role: row.role, companyId: row.company_id };
}

/** Sign-in, sign-out and the session check of the operator console. */
export function createOperatorAuthService(deps: {
  operators: OperatorsRepository;
  clock: () => Date;
}) {
  const { operators, clock } = deps;
  const nextExpiry = () => new Date(clock().getTime() + OPERATOR_IDLE_MS);

  async function openSession(operatorId: number): Promise<string> {
    const { token, tokenHash } = newSessionToken();
    await operators.insertSession({ tokenHash, operatorId, expiresAt: nextExpiry() });
    return token;
  }

  return {
    /** A new session for a right pair; one 401 for a wrong password and an unknown email. */
    async login(email: string, password: string): Promise<{ token: string; operator: Operator }> {
      const row = await operators.findByEmailKey(emailKey(email));
      const usable = row?.active === true;
      // An invited account with no password yet is refused like an unknown one, in the same time.
      const ok = await verifyPassword((usable && row.password_hash) || undefined, password);
      if (!ok || !row) throw new HttpError(401, OPERATOR_MESSAGES.invalidCredentials);
      // Said only to whoever knows the password: a stranger learns nothing of the company.
      if (row.company_active === false) throw new HttpError(403, COMPANY_MESSAGES.companyInactive);
      return { token: await openSession(row.id), operator: toOperator(row) };
    },

    /** A new session for an operator who has just proved who they are (a used invitation). */
    openSession,

    /**
     * The live session's operator, undefined when there is none. A use (`extend`) moves its idle
     * expiry on; a console's own refresh does not. A deactivated operator's session, or one of a
     * deactivated company's, ends here, revoked rather than only refused, so reactivating the
     * account or the company never revives it.
     */
    async authenticate(token: string, extend: boolean): Promise<OperatorRow | undefined> {
      const tokenHash = hashSessionToken(token);
      const now = clock();
      const row = await operators.touchSession(tokenHash, now, extend ? nextExpiry() : undefined);
      if (!row || (row.active && row.company_active !== false)) return row;
      await operators.revokeSession(tokenHash, now);
      return undefined;
    },

    async logout(token: string): Promise<void> {
      await operators.revokeSession(hashSessionToken(token), clock());
    },
  };
}

export type OperatorAuthService = ReturnType<typeof createOperatorAuthService>;
