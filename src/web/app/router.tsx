import { isValidElement, lazy, type ComponentType } from 'react';
import {
  matchRoutes,
  Navigate,
  Outlet,
  useLocation,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import { isEmbeddableRoute } from '../../contract/app-routes';
import { OPERATOR_ROUTES, ROUTES } from '../config/routes';
import { DRIVER_ROUTES } from '../config/routes';
import { HomePage } from '../features/booking/quote/home-page';
import { QuoteStepPage } from '../features/booking/quote/quote-step-page';
import { ChakraScope, loadChakraTheme } from '../components/chakra/chakra-scope';
import { AppLayout } from './layout/app-layout';
import { DriverFrame } from './layout/driver-frame';
import { NotFoundPage } from './layout/not-found-page';
import { OutsideFramePage } from './layout/outside-frame-page';
import { IS_EMBEDDED } from '../lib/embedded';
import { RouteFallback } from './layout/route-fallback';

/** A screen loaded on demand, with `preload` to fetch its chunk ahead of a visit. */
function lazyPage<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return Object.assign(
    lazy(() => load().then((module) => ({ default: pick(module) }))),
    { preload: load },
  );
}

// Every screen but home loads on demand, so the first visit downloads only the home page.
const FleetPage = lazyPage(
  () => import('../features/fleet/components/fleet-page'),
  (m) => m.FleetPage,
);
const QuotationPage = lazyPage(
  () => import('../features/booking/vehicles/quotation-page'),
  (m) => m.QuotationPage,
);
const PersonalDetailsPage = lazyPage(
  () => import('../features/booking/details/personal-details-page'),
  (m) => m.PersonalDetailsPage,
);
const PaymentPage = lazyPage(
  () => import('../features/booking/payment/payment-page'),
  (m) => m.PaymentPage,
);
const PaymentResultPage = lazyPage(
  () => import('../features/booking/confirmation/payment-result-page'),
  (m) => m.PaymentResultPage,
);
const QuoteNowPage = lazyPage(
  () => import('./routes/quote-now-route'),
  (m) => m.QuoteNowRoute,
);
const ContactPage = lazyPage(
  () => import('../features/contact/components/contact-page'),
  (m) => m.ContactPage,
);
// The corporate screens share one module: a signed-in passenger moves between them offline.
const loadCorporate = () => import('../features/corporate/components/corporate-screens');
const LoginPage = lazyPage(loadCorporate, (m) => m.LoginPage);
const BookingsPage = lazyPage(loadCorporate, (m) => m.BookingsPage);
const MyAccountPage = lazyPage(loadCorporate, (m) => m.MyAccountPage);
const ForgotPasswordPage = lazyPage(
  () => import('./routes/forgot-password-route'),
  (m) => m.ForgotPasswordRoute,
);

// The passenger's own booking (issue 22): the lookup and the booking page share one chunk.
const loadManageBooking = () => import('./routes/manage-booking-route');
const ManageBookingLookupPage = lazyPage(loadManageBooking, (m) => m.LookupPage);
const ManageBookingPage = lazyPage(loadManageBooking, (m) => m.ManageBookingRoute);

const loadLegal = () => import('../features/legal/components/legal-page');
const PrivacyPolicyPage = lazyPage(loadLegal, (m) => m.PrivacyPolicyPage);
const TermsPage = lazyPage(loadLegal, (m) => m.TermsPage);

// The operator console (issue 21): one chunk of its own, with its own layout.
const loadOperator = () => import('../features/operator/components/operator-screens');
const OperatorLayout = lazyPage(loadOperator, (m) => m.OperatorLayout);
const OperatorLoginPage = lazyPage(loadOperator, (m) => m.OperatorLoginPage);
const OperatorBoardPage = lazyPage(loadOperator, (m) => m.BoardPage);
const OperatorBookingPage = lazyPage(loadOperator, (m) => m.BookingPage);
const OperatorNewBookingPage = lazyPage(loadOperator, (m) => m.NewBookingPage);
const OperatorDriversPage = lazyPage(loadOperator, (m) => m.DriversPage);
const OperatorAccountsPage = lazyPage(loadOperator, (m) => m.AccountsPage);
const OperatorSetPasswordPage = lazyPage(loadOperator, (m) => m.SetPasswordPage);
const OperatorSettingsPage = lazyPage(loadOperator, (m) => m.SettingsPage);
const OperatorActivityPage = lazyPage(loadOperator, (m) => m.ActivityPage);
const OperatorFleetPage = lazyPage(loadOperator, (m) => m.FleetPage);
const OperatorCompaniesPage = lazyPage(loadOperator, (m) => m.CompaniesPage);
const OperatorRequestsPage = lazyPage(loadOperator, (m) => m.RequestsPage);
const OperatorMailPage = lazyPage(loadOperator, (m) => m.MailPage);
const OperatorPricesPage = lazyPage(loadOperator, (m) => m.PricesPage);
const OperatorVehiclesPage = lazyPage(loadOperator, (m) => m.VehiclesPage);
const OperatorMessagesPage = lazyPage(loadOperator, (m) => m.MessagesPage);
const OperatorDriversMapPage = lazyPage(loadOperator, (m) => m.DriversMapPage);

// The driver's app (issue 34): one chunk of its own, with its own frame and manifest.
const loadDriver = () => import('../features/driver/components/driver-screens');
const DriverLayout = lazyPage(loadDriver, (m) => m.DriverLayout);
const DriverLoginPage = lazyPage(loadDriver, (m) => m.DriverLoginPage);
const DriverSetPasswordPage = lazyPage(loadDriver, (m) => m.DriverSetPasswordPage);
const DriverJobsPage = lazyPage(loadDriver, (m) => m.MyJobsPage);
const DriverJobPage = lazyPage(loadDriver, (m) => m.JobPage);

const toHome = <Navigate to={ROUTES.home} replace />;
const toBoard = <Navigate to={OPERATOR_ROUTES.bookings} replace />;

/** The screens built with Chakra's components render inside Chakra's scope (chakra-scope.tsx). */
const chakraScreens = (
  <ChakraScope fallback={<RouteFallback />}>
    <Outlet />
  </ChakraScope>
);

/** The spec's route table (section 2). */
export const routes: RouteObject[] = [
  {
    path: ROUTES.home,
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: ROUTES.bookNow, element: toHome },
      // Step 1 Quote: the home page's quote card on its own page.
      { path: ROUTES.bookTrip, element: <QuoteStepPage /> },
      {
        element: chakraScreens,
        children: [
          { path: ROUTES.ourFleet, element: <FleetPage /> },
          { path: ROUTES.quotation, element: <QuotationPage /> },
          { path: ROUTES.quoteNow, element: <QuoteNowPage /> },
          { path: ROUTES.contactUs, element: <ContactPage /> },
          { path: ROUTES.login, element: <LoginPage /> },
          { path: ROUTES.bookings, element: <BookingsPage /> },
          { path: ROUTES.myAccount, element: <MyAccountPage /> },
          { path: ROUTES.personalDetails, element: <PersonalDetailsPage /> },
          // /stripecheckout and /checkout are the spec's other names for the payment step.
          { path: ROUTES.payment, element: <PaymentPage /> },
          { path: ROUTES.stripeCheckout, element: <PaymentPage /> },
          { path: ROUTES.checkout, element: <PaymentPage /> },
          { path: ROUTES.forgotPassword, element: <ForgotPasswordPage /> },
          { path: ROUTES.privacyPolicy, element: <PrivacyPolicyPage /> },
          { path: ROUTES.terms, element: <TermsPage /> },
          { path: ROUTES.paymentSuccess, element: <PaymentResultPage /> },
          { path: ROUTES.paymentSuccessView, element: <PaymentResultPage /> },
          { path: ROUTES.paymentCancel, element: <PaymentResultPage canceled /> },
          { path: ROUTES.manageBooking, element: <ManageBookingLookupPage /> },
          { path: ROUTES.manageBookingDetail, element: <ManageBookingPage /> },
        ],
      },
      // The server answers these 404 with the shell (contract/app-routes.ts knows the pages).
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    // Not the passenger site's frame: the console has a header of its own (operator-layout).
    path: OPERATOR_ROUTES.root,
    element: (
      <ChakraScope fallback={<RouteFallback />}>
        <Outlet />
      </ChakraScope>
    ),
    children: [
      { path: OPERATOR_ROUTES.login, element: <OperatorLoginPage /> },
      { path: OPERATOR_ROUTES.setPassword, element: <OperatorSetPasswordPage /> },
      {
        element: <OperatorLayout />,
        children: [
          { index: true, element: toBoard },
          { path: OPERATOR_ROUTES.bookings, element: <OperatorBoardPage /> },
          { path: OPERATOR_ROUTES.bookingsNew, element: <OperatorNewBookingPage /> },
          { path: OPERATOR_ROUTES.booking, element: <OperatorBookingPage /> },
          { path: OPERATOR_ROUTES.drivers, element: <OperatorDriversPage /> },
          { path: OPERATOR_ROUTES.accounts, element: <OperatorAccountsPage /> },
          { path: OPERATOR_ROUTES.settings, element: <OperatorSettingsPage /> },
          { path: OPERATOR_ROUTES.activity, element: <OperatorActivityPage /> },
          { path: OPERATOR_ROUTES.fleet, element: <OperatorFleetPage /> },
          { path: OPERATOR_ROUTES.companies, element: <OperatorCompaniesPage /> },
          { path: OPERATOR_ROUTES.requests, element: <OperatorRequestsPage /> },
          { path: OPERATOR_ROUTES.mail, element: <OperatorMailPage /> },
          { path: OPERATOR_ROUTES.prices, element: <OperatorPricesPage /> },
          { path: OPERATOR_ROUTES.vehicles, element: <OperatorVehiclesPage /> },
          { path: OPERATOR_ROUTES.messages, element: <OperatorMessagesPage /> },
          { path: OPERATOR_ROUTES.map, element: <OperatorDriversMapPage /> },
        ],
      },
      // Not a console page: said so before any sign-in, as the server's 404 does.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    // The driver's app: installable on its own (its manifest, linked by DriverFrame).
    path: DRIVER_ROUTES.root,
    element: <DriverFrame />,
    children: [
      { path: DRIVER_ROUTES.login, element: <DriverLoginPage /> },
      { path: DRIVER_ROUTES.setPassword, element: <DriverSetPasswordPage /> },
      {
        element: <DriverLayout />,
        children: [
          { index: true, element: <DriverJobsPage /> },
          { path: DRIVER_ROUTES.job, element: <DriverJobPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The routes in declarative mode (inside a BrowserRouter or MemoryRouter). The data router
 * (createBrowserRouter) would add ~17 kB gzip to the home page's first load for features this
 * app does not use (loaders, actions); scroll restoration and the error screen are our own.
 */
export function AppRoutes() {
  const screen = useRoutes(routes);
  const { pathname } = useLocation();
  // Inside an operator's frame only the booking pages show (as the server's frame-ancestors).
  if (IS_EMBEDDED && !isEmbeddableRoute(pathname)) return <OutsideFramePage />;
  return screen;
}

/**
 * Fetches the chunks a visit to `path` will need (Chakra's and its screens'), so that the
 * screen renders without waiting for them.
 */
export function preloadRoute(path: string): Promise<unknown> {
  const loads = (matchRoutes(routes, path) ?? []).flatMap(({ route }) => {
    const { element } = route;
    if (!isValidElement(element)) return [];
    if (element.type === ChakraScope) return [loadChakraTheme()];
    const { preload } = element.type as { preload?: () => Promise<unknown> };
    return preload ? [preload()] : [];
  });
  return Promise.all(loads);
}
