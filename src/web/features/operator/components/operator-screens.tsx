/**
 * The operator console's screens in one lazily loaded chunk (app/router.tsx): nothing of the
 * console is in the passenger site's first load, and moving between its pages loads nothing.
 */
export { OperatorLayout } from './operator-layout';
export { OperatorLoginPage } from './login-page';
export { BoardPage } from './board-page';
export { BookingPage } from './booking-page';
export { DriversPage } from './drivers-page';
export { NewBookingPage } from './new-booking-page';
export { AccountsPage } from '../accounts/components/accounts-page';
export { SetPasswordPage } from '../accounts/components/set-password-page';
export { SettingsPage } from '../settings/settings-page';
export { ActivityPage } from '../activity/activity-page';
export { FleetPage } from '../fleet/components/fleet-page';
export { CompaniesPage } from '../companies/components/companies-page';
export { RequestsPage } from '../requests/components/requests-page';
export { MailPage } from '../mail/components/mail-page';
export { PricesPage } from '../prices/components/prices-page';
export { VehiclesPage } from '../vehicles/components/vehicles-page';
export { MessagesPage } from '../messages/components/messages-page';
export { DriversMapPage } from '../live/components/drivers-map-page';
