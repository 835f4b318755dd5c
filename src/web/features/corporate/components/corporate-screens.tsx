/**
 * The corporate area's screens in one lazily loaded chunk (app/router.tsx): a signed-in
 * passenger moves between them offline once the chunk is cached.
 */
export { LoginPage } from './login-page';
export { BookingsPage } from './bookings-page';
export { MyAccountPage } from './my-account-page';
