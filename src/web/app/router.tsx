import { lazy } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { ROUTES } from '../config/routes';
import { HomePage } from '../features/home/components/home-page';
import { QuoteStepPage } from '../features/home/components/quote-tabs';
import { AppLayout } from './layout/app-layout';

// Every screen but home loads on demand, so the first visit downloads only the home page.
const FleetPage = lazy(() =>
  import('../features/fleet/components/fleet-page').then((m) => ({ default: m.FleetPage })),
);
const QuotationPage = lazy(() =>
  import('../features/quotation/components/quotation-page').then((m) => ({
    default: m.QuotationPage,
  })),
);
// One module holds both placeholders; the browser loads it once.
const loadPlaceholders = () => import('../features/placeholder/components/placeholder-page');
const PlaceholderPage = lazy(() =>
  loadPlaceholders().then((m) => ({ default: m.PlaceholderPage })),
);
const PaymentResultPlaceholder = lazy(() =>
  loadPlaceholders().then((m) => ({ default: m.PaymentResultPlaceholder })),
);

/** Screens still to be built, with the title each shows meanwhile. */
const PLACEHOLDER_SCREENS: readonly { path: string; title: string }[] = [
  { path: ROUTES.personalDetails, title: 'Personal Details' },
  // /stripecheckout and /checkout are the spec's other names for the payment step.
  { path: ROUTES.payment, title: 'Payment' },
  { path: ROUTES.stripeCheckout, title: 'Payment' },
  { path: ROUTES.checkout, title: 'Payment' },
  { path: ROUTES.quoteNow, title: 'Quote Now' },
  { path: ROUTES.contactUs, title: 'Contact Us' },
  { path: ROUTES.forgotPassword, title: 'Forgot Password' },
  { path: ROUTES.bookings, title: 'Bookings' },
  { path: ROUTES.myAccount, title: 'My Account' },
  { path: ROUTES.login, title: 'Sign In' },
];

const toHome = <Navigate to={ROUTES.home} replace />;

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
      { path: ROUTES.ourFleet, element: <FleetPage /> },
      { path: ROUTES.quotation, element: <QuotationPage /> },
      ...PLACEHOLDER_SCREENS.map(({ path, title }) => ({
        path,
        element: <PlaceholderPage title={title} />,
      })),
      { path: ROUTES.paymentSuccess, element: <PaymentResultPlaceholder /> },
      { path: ROUTES.paymentSuccessView, element: <PaymentResultPlaceholder /> },
      { path: ROUTES.paymentCancel, element: <PaymentResultPlaceholder canceled /> },
      { path: '*', element: toHome },
    ],
  },
];

/**
 * The routes in declarative mode (inside a BrowserRouter or MemoryRouter). The data router
 * (createBrowserRouter) would add ~17 kB gzip to the home page's first load for features this
 * app does not use (loaders, actions); scroll restoration and the error screen are our own.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
