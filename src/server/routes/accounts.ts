import type { FastifyInstance } from 'fastify';
import {
  checkPassengerEmailRequestSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  verifyCodeRequestSchema,
} from '../../contract/accounts';
import type { AccountMessageResponse, CheckPassengerEmailResponse } from '../../contract/accounts';
import { API_PATHS } from '../../contract/paths';
import { parseRequest } from '../errors';
import type { AttemptCounters } from '../services/limits/attempt-counters';
import type { AccountService } from '../services/accounts/account-service';

export interface AccountRoutesOptions {
  accounts: AccountService;
  /** The product's one set of attempt counters (app.ts). */
  counters: AttemptCounters;
}

/** The existing-client check and forgot password (API.md), each limited per email and address. */
export async function accountRoutes(
  app: FastifyInstance,
  options: AccountRoutesOptions,
): Promise<void> {
  const { accounts, counters } = options;

  // Answers about accounts are never cached, by the browser or the service worker.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  app.post(
    API_PATHS.checkPassengerEmail,
    async (request, reply): Promise<CheckPassengerEmailResponse> => {
      const body = parseRequest(checkPassengerEmailRequestSchema, request.body);
      // A password check, counted with sign-in's (a right password is given back).
      const attempt = await counters.count('password', request, reply, body.email, 'passenger');
      const answer = await accounts.checkPassengerEmail(body);
      if (answer.success) await attempt.giveBack();
      return answer;
    },
  );

  app.post(API_PATHS.forgotPassword, async (request, reply): Promise<AccountMessageResponse> => {
    const body = parseRequest(forgotPasswordRequestSchema, request.body);
    await counters.count('forgotPassword', request, reply, body.email);
    return { success: true, message: await accounts.forgotPassword(body) };
  });

  app.post(API_PATHS.verifyCode, async (request, reply): Promise<AccountMessageResponse> => {
    const body = parseRequest(verifyCodeRequestSchema, request.body);
    await counters.count('resetCode', request, reply, body.email);
    return { success: true, message: await accounts.verifyCode(body) };
  });

  app.post(API_PATHS.resetPassword, async (request, reply): Promise<AccountMessageResponse> => {
    const body = parseRequest(resetPasswordRequestSchema, request.body);
    await counters.count('resetCode', request, reply, body.email);
    return { success: true, message: await accounts.resetPassword(body) };
  });
}
