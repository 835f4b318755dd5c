import { lazy } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { isEmbeddableRoute } from '../../contract/app-routes';
import { OPERATOR_ROUTES, ROUTES } from '../config/routes';
import { HomePage } from '../features/booking/quote/home-page';
import { QuoteStepPage } from '../features/booking/quote/quote-step-page';
import { ChakraScope } from '../components/chakra/chakra-scope';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './layout/not-found-page';
import { OutsideFramePage } from './layout/outside-frame-page';
import { IS_EMBEDDED } from '../lib/embedded';
import { RouteFallback } from './layout/route-fallback';

// Every screen but home loads on demand, so the first visit downloads only the home page.
const FleetPage = lazy(() =>
  import('../features/fleet/components/fleet-page').then((m) => ({ default: m.FleetPage })),
);
const QuotationPage = lazy(() =>
  import('../features/booking/vehicles/quotation-page').then((m) => ({
    default: m.QuotationPage,
  })),
);
const PersonalDetailsPage = lazy(() =>
  import('../features/booking/details/personal-details-page').then((m) => ({
    default: m.PersonalDetailsPage,
  })),
);
const PaymentPage = lazy(() =>
  import('../features/booking/payment/payment-page').then((m) => ({
    default: m.PaymentPage,
  })),
);
const PaymentResultPage = lazy(() =>
  import('../features/booking/confirmation/payment-result-page').then((m) => ({
    default: m.PaymentResultPage,
  })),
);
const QuoteNowPage = lazy(() =>
  import('./routes/quote-now-route').then((m) => ({ default: m.QuoteNowRoute })),
);
const ContactPage = lazy(() =>
  import('../features/contact/components/contact-page').then((m) => ({
    default: m.ContactPage,
  })),
);
// The corporate screens share one module: a signed-in passenger moves between them offline.
const loadCorporate = () => import('../features/corporate/components/corporate-screens');
const LoginPage = lazy(() => loadCorporate().then((m) => ({ default: m.LoginPage })));
const BookingsPage = lazy(() => loadCorporate().then((m) => ({ default: m.BookingsPage })));
const MyAccountPage = lazy(() => loadCorporate().then((m) => ({ default: m.MyAccountPage })));
const ForgotPasswordPage = lazy(() =>
  import('./routes/forgot-password-route').then((m) => ({ default: m.ForgotPasswordRoute })),
);

// The passenger's own booking (issue 22): the lookup and the booking page share one chunk.
const loadManageBooking = () => import('./routes/manage-booking-route');
const ManageBookingLookupPage = lazy(() =>
  loadManageBooking().then((m) => ({ default: m.LookupPage })),
);
const ManageBookingPage = lazy(() =>
  loadManageBooking().then((m) => ({ default: m.ManageBookingRoute })),
);

const loadLegal = () => import('../features/legal/components/legal-page');
const PrivacyPolicyPage = lazy(() => loadLegal().then((m) => ({ default: m.PrivacyPolicyPage })));
const TermsPage = lazy(() => loadLegal().then((m) => ({ default: m.TermsPage })));

// The operator console (issue 21): one chunk of its own, with its own layout.
const loadOperator = () => import('../features/operator/components/operator-screens');
const OperatorLayout = lazy(() => loadOperator().then((m) => ({ default: m.OperatorLayout })));
const OperatorLoginPage = lazy(() =>
  loadOperator().then((m) => ({ default: m.OperatorLoginPage })),
);
const OperatorBoardPage = lazy(() => loadOperator().then((m) => ({ default: m.BoardPage })));
const OperatorBookingPage = lazy(() => loadOperator().then((m) => ({ default: m.BookingPage })));
const OperatorNewBookingPage = lazy(() =>
  loadOperator().then((m) => ({ default: m.NewBookingPage })),
);
const OperatorDriversPage = lazy(() => loadOperator().then((m) => ({ default: m.DriversPage })));

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
      {
        element: <OperatorLayout />,
        children: [
          { index: true, element: toBoard },
          { path: OPERATOR_ROUTES.bookings, element: <OperatorBoardPage /> },
          { path: OPERATOR_ROUTES.bookingsNew, element: <OperatorNewBookingPage /> },
          { path: OPERATOR_ROUTES.booking, element: <OperatorBookingPage /> },
          { path: OPERATOR_ROUTES.drivers, element: <OperatorDriversPage /> },
        ],
      },
      // Not a console page: said so before any sign-in, as the server's 404 does.
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
