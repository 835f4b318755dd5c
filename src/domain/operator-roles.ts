/**
 * The console's roles (issue 33): the platform's admin sees every company; a manager runs one
 * company, and a dispatcher that company's bookings. Every role but the admin has a company.
 */
export const OPERATOR_ROLES = ['admin', 'manager', 'dispatcher'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Each role as the console names it. */
export const OPERATOR_ROLE_LABELS: Record<OperatorRole, string> = {
  admin: 'Admin',
  manager: 'Manager',
  dispatcher: 'Dispatcher',
};
