/**
 * The driver's app in one lazily loaded chunk (app/router.tsx): nothing of it is in the
 * passenger site's first load, and moving between its pages offline loads nothing.
 */
export { DriverLayout } from './driver-layout';
export { DriverLoginPage } from './login-page';
export { DriverSetPasswordPage } from './set-password-page';
export { MyJobsPage } from './my-jobs-page';
export { JobPage } from './job-page';
