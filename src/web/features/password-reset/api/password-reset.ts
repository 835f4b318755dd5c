import { useMutation } from '@tanstack/react-query';
import {
  accountMessageResponseSchema,
  type AccountMessageResponse,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
  type VerifyCodeRequest,
} from '../../../../contract/accounts';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';

/**
 * The three calls of forgot password (API.md): send a code to the email, check the code, then
 * set the new password with it. Each resolves with the server's message or rejects with an
 * ApiError carrying its status and text.
 */

/** This site's reset requests say where they come from (spec section 7). */
const SITE_TYPE = 'website';

/** POST /auth/forgot-password */
export async function sendResetCode(email: string): Promise<AccountMessageResponse> {
  const body: ForgotPasswordRequest = { email, type: SITE_TYPE };
  return apiRequest(API_PATHS.forgotPassword, {
    method: 'POST',
    body,
    schema: accountMessageResponseSchema,
  });
}

/** POST /auth/verify-code */
export async function verifyResetCode(body: VerifyCodeRequest): Promise<AccountMessageResponse> {
  return apiRequest(API_PATHS.verifyCode, {
    method: 'POST',
    body,
    schema: accountMessageResponseSchema,
  });
}

/** POST /auth/reset-password */
export async function resetPassword(
  body: Omit<ResetPasswordRequest, 'type'>,
): Promise<AccountMessageResponse> {
  const request: ResetPasswordRequest = { ...body, type: SITE_TYPE };
  return apiRequest(API_PATHS.resetPassword, {
    method: 'POST',
    body: request,
    schema: accountMessageResponseSchema,
  });
}

// Account calls never queue for a connection: the visitor is waiting on the answer.
export const useSendResetCode = () =>
  useMutation({ mutationFn: sendResetCode, networkMode: 'always' });
export const useVerifyResetCode = () =>
  useMutation({ mutationFn: verifyResetCode, networkMode: 'always' });
export const useResetPassword = () =>
  useMutation({ mutationFn: resetPassword, networkMode: 'always' });
