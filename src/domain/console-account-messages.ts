/**
 * What the console's Accounts page and the invitation to set a password say (issue 33): the
 * server's refusals and the page's notices, written once so both say them the same way.
 */

/** How long an invitation's link works. */
export const INVITATION_VALID_HOURS = 24;

export const CONSOLE_ACCOUNT_MESSAGES = {
  accountNotFound: 'Account not found',
  managerNoAdmin: 'Only an admin can make an account an admin',
  managerOwnCompany: 'A manager manages the accounts of their own company only',
  adminNoCompany: 'company_id must be left out: an admin belongs to no company',
  companyRequired: 'company_id is required: choose the company the account works for',
  notACompany: 'company_id must be a company',
  emailTaken: 'email is already the email of a console account',
  nothingToChange: 'Nothing to change: give role, company_id or active',
  notYourself: 'You cannot change your own role or deactivate your own account',
  passwordAlreadySet: 'This account has already set its password: nothing to send',
  accountDeactivated: 'This account is deactivated: reactivate it before sending the invitation',
  invitationUnknown:
    'This link is not valid. It may have been replaced by a newer invitation: use the link in the latest one, or ask your manager to send the invitation again.',
  invitationUsed:
    'This link has already been used to set a password. Sign in with that password, or ask your manager to send the invitation again if you did not use it.',
  invitationExpired: `This link has expired: links work for ${INVITATION_VALID_HOURS} hours. Ask your manager or the admin to send the invitation again.`,
  passwordSet: 'Your password is set and you are signed in.',
} as const;
