import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import {
  accountPathSchema,
  consoleAccountInputSchema,
  consoleAccountPatchSchema,
  consoleAccountResponseSchema,
  consoleAccountsResponseSchema,
  invitationLookupRequestSchema,
  invitationLookupResponseSchema,
  setPasswordRequestSchema,
  setPasswordResponseSchema,
} from '../../contract/operator-accounts';
import { API_PATHS } from '../../contract/paths';
import { CONSOLE_ACCOUNT_MESSAGES } from '../../domain/console-account-messages';
import { RequestValidationError } from '../errors';
import type { ContractApp } from '../http/contract-validation';
import { allowRoles } from '../http/operator-roles';
import type { SessionCookies } from '../http/operator-session';
import { responseSchema } from '../lib/response-schema';
import type { AttemptCounters } from '../services/limits/attempt-counters';
import type { OperatorAuthService } from '../services/operator/operator-auth-service';
import type { AccountsService } from '../services/operator-accounts/accounts-service';
import { hashInvitationToken } from '../services/accounts/invitation-tokens';
import type { SetPasswordService } from '../services/operator-accounts/set-password';

export interface AccountRoutesDeps {
  accounts: AccountsService;
  invitations: SetPasswordService;
  auth: OperatorAuthService;
  cookies: SessionCookies;
  counters: AttemptCounters;
  signedIn: preHandlerHookHandler;
}

/**
 * The console's Accounts (issue 33; API.md, Operator console, Accounts): listed, added and
 * changed by the admin and managers only, and the invitation's two public calls.
 */
export function operatorAccountRoutes(app: ContractApp, deps: AccountRoutesDeps) {
  const { accounts } = deps;
  const managers = [deps.signedIn, allowRoles('admin', 'manager')];
  const accountReply = responseSchema(consoleAccountResponseSchema);

  app.get(
    API_PATHS.operatorAccounts,
    {
      preValidation: managers,
      schema: { response: { 200: responseSchema(consoleAccountsResponseSchema) } },
    },
    async (request) => ({ success: true as const, data: await accounts.list(request.operator!) }),
  );

  app.post(
    API_PATHS.operatorAccounts,
    {
      preValidation: managers,
      schema: { body: consoleAccountInputSchema, response: { 201: accountReply } },
    },
    async (request, reply) => {
      const data = await accounts.add(request.operator!, request.body);
      return reply.code(201).send({ success: true, data });
    },
  );

  app.patch(
    API_PATHS.operatorAccount,
    {
      preValidation: managers,
      schema: {
        params: accountPathSchema,
        body: consoleAccountPatchSchema,
        response: { 200: accountReply },
      },
    },
    async (request) => {
      if (Object.keys(request.body).length === 0) {
        throw new RequestValidationError([
          { path: '', message: CONSOLE_ACCOUNT_MESSAGES.nothingToChange },
        ]);
      }
      const data = await accounts.update(request.operator!, request.params.id, request.body);
      return { success: true as const, data };
    },
  );

  app.post(
    API_PATHS.operatorAccountInvitation,
    {
      preValidation: managers,
      schema: { params: accountPathSchema, response: { 200: accountReply } },
    },
    async (request) => {
      const data = await accounts.resendInvitation(request.operator!, request.params.id);
      return { success: true as const, data };
    },
  );

  invitationRoutes(app, deps);
}

/**
 * The invitation's calls, made before any session: each counts as a reset-code attempt
 * (attempt-counters.ts) per address and per link, so neither guessing links nor hashing
 * passwords on our CPU can be done at speed.
 */
function invitationRoutes(app: ContractApp, deps: AccountRoutesDeps) {
  const count = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    deps.counters.count('resetCode', request, reply, `invitation:${hashInvitationToken(token)}`);

  app.post(
    API_PATHS.operatorInvitation,
    {
      schema: {
        body: invitationLookupRequestSchema,
        response: { 200: responseSchema(invitationLookupResponseSchema) },
      },
    },
    async (request, reply) => {
      await count(request, reply, request.body.token);
      return { success: true as const, data: await deps.invitations.lookup(request.body.token) };
    },
  );

  app.post(
    API_PATHS.operatorSetPassword,
    {
      schema: {
        body: setPasswordRequestSchema,
        response: { 200: responseSchema(setPasswordResponseSchema) },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      await count(request, reply, token);
      const operator = await deps.invitations.setPassword(token, password);
      deps.cookies.set(request, reply, await deps.auth.openSession(operator.id));
      return {
        success: true as const,
        message: CONSOLE_ACCOUNT_MESSAGES.passwordSet,
        operator,
      };
    },
  );
}
