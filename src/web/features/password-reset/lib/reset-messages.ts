import { ACCOUNT_MESSAGES } from '../../../../domain/messages';
import { ApiError } from '../../../lib/api-client';

/**
 * What each failed step of forgot password tells the visitor (spec section 8). The spec's texts
 * come first; a server text is shown instead only where it says something the spec's would hide:
 * no connection, too many tries, or why a new password was refused.
 */

/** Problems the server names precisely and the visitor can act on. */
function actionableServerText(error: ApiError): string | null {
  if (error.isNetworkError || error.status === 429) return error.message;
  return null;
}

/** Step 1, Send Reset Code. */
export function sendFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return ACCOUNT_MESSAGES.emailNotFound;
  const actionable = actionableServerText(error);
  if (actionable) return actionable;
  // A 400 names the bad field; a 404 is the server's own 'Email not found'.
  if (error.status === 400) return error.issues[0]?.message ?? error.message;
  if (error.status === 404) return error.message || ACCOUNT_MESSAGES.emailNotFound;
  return ACCOUNT_MESSAGES.emailNotFound;
}

/** Step 2, Verify Code: expired when the server says so, else invalid. */
export function verifyFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return ACCOUNT_MESSAGES.codeInvalid;
  if (/expired/i.test(error.message)) return ACCOUNT_MESSAGES.codeExpired;
  return actionableServerText(error) ?? ACCOUNT_MESSAGES.codeInvalid;
}

/** Step 3, Reset Password: the password policy's reason when that was the problem. */
export function resetFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return ACCOUNT_MESSAGES.resetFailed;
  const actionable = actionableServerText(error);
  if (actionable) return actionable;
  if (error.status === 400) {
    const passwordIssue = error.issues.find((issue) => issue.path === 'new_password');
    if (passwordIssue) return passwordIssue.message;
    if (/expired/i.test(error.message)) return ACCOUNT_MESSAGES.codeExpired;
    if (error.issues.length === 0 && /password/i.test(error.message)) return error.message;
  }
  return ACCOUNT_MESSAGES.resetFailed;
}
