import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPERATOR_MESSAGES } from '../../domain/messages';
import type { OperatorRole } from '../../domain/operator-roles';
import { HttpError } from '../errors';

/**
 * The console's one role check (issue 33): a hook, run after the session check (operatorAuth),
 * admitting only `roles`; any other role is a 403 saying which roles may. It judges the role
 * alone: another company's object stays a 404 where the service looks it up, as in the bookings
 * console, so a role with the right learns nothing of other companies either.
 */
export function allowRoles(...roles: [OperatorRole, ...OperatorRole[]]) {
  const refusal = OPERATOR_MESSAGES.onlyRoles(roles);
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const operator = request.operator;
    // Only reached without a session when a route forgot operatorAuth: refuse as it would.
    if (!operator) throw new HttpError(401, OPERATOR_MESSAGES.signInRequired);
    if (!roles.includes(operator.role)) throw new HttpError(403, refusal);
  };
}
