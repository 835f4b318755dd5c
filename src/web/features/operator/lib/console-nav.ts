import type { OperatorRole } from '../../../../domain/operator-roles';
import { OPERATOR_ROUTES } from '../../../config/routes';

/** One page in the console's navigation, and the roles it is offered to. */
export interface ConsoleNavItem {
  to: string;
  /** The link's text, which is also the page's heading. */
  label: string;
  roles: readonly OperatorRole[];
}

const EVERYONE: readonly OperatorRole[] = ['admin', 'manager', 'dispatcher'];
const MANAGERS: readonly OperatorRole[] = ['admin', 'manager'];
const ADMIN: readonly OperatorRole[] = ['admin'];

/**
 * The console's pages in the order of its navigation (issue 33): a role sees only the pages it
 * may use, and the server refuses the rest (403) whatever the browser shows.
 */
export const CONSOLE_NAV: readonly ConsoleNavItem[] = [
  { to: OPERATOR_ROUTES.bookings, label: 'Bookings', roles: EVERYONE },
  { to: OPERATOR_ROUTES.drivers, label: 'Drivers', roles: EVERYONE },
  { to: OPERATOR_ROUTES.vehicles, label: 'Vehicles', roles: MANAGERS },
  { to: OPERATOR_ROUTES.map, label: 'Drivers on the map', roles: EVERYONE },
  { to: OPERATOR_ROUTES.requests, label: 'Requests', roles: MANAGERS },
  { to: OPERATOR_ROUTES.fleet, label: 'Fleet', roles: MANAGERS },
  { to: OPERATOR_ROUTES.prices, label: 'Prices', roles: MANAGERS },
  { to: OPERATOR_ROUTES.accounts, label: 'Accounts', roles: MANAGERS },
  { to: OPERATOR_ROUTES.companies, label: 'Companies', roles: ADMIN },
  { to: OPERATOR_ROUTES.settings, label: 'Settings', roles: ADMIN },
  { to: OPERATOR_ROUTES.mail, label: 'Mail', roles: ADMIN },
  { to: OPERATOR_ROUTES.messages, label: 'Messages', roles: ADMIN },
  { to: OPERATOR_ROUTES.activity, label: 'Activity', roles: MANAGERS },
];

/** The pages `role` may open, in navigation order. */
export function navFor(role: OperatorRole): ConsoleNavItem[] {
  return CONSOLE_NAV.filter((item) => item.roles.includes(role));
}
