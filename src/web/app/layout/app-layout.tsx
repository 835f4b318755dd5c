import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { companyPhone, isEnabled, type SettingsMap } from '../../../domain/settings';
import { companiesQueryOptions, useCompanies } from '../../api/get-companies';
import { useSettings } from '../../api/get-settings';
import { isNavbarHiddenPath } from '../../config/routes';
import { startServiceWorkerWhenLoaded } from '../../pwa/start-service-worker';
import { UpdatePrompt } from '../../pwa/update-prompt';
import { LoadingOverlay } from './loading-overlay';
import { MobileMenu } from './mobile-menu';
import styles from './frame.module.css';
import { navLinks } from './nav-links';
import { RouteFallback } from './route-fallback';
import { ScreenErrorBoundary } from './route-error';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SiteNavbar } from './site-navbar';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { Deferred } from '../../lib/deferred-mount';
import { IS_EMBEDDED } from '../../lib/embedded';

/** The frame around every screen: header, navbar, main, footer (spec section 2). */
export function AppLayout() {
  const { settings, isLoading } = useSettings();
  const { pathname } = useLocation();
  // Nothing that depends on settings shows until they are known: the overlay covers the wait,
  // and nothing appears and then moves or vanishes once they arrive. That first screen is also
  // what the build renders into index.html (src/web/prerender.tsx) and the browser hydrates.
  const showNavbar =
    !isLoading && isEnabled(settings, 'SHOW_NAVBAR_PAGE') && !isNavbarHiddenPath(pathname);
  const showFooter = !isLoading && isEnabled(settings, 'SHOW_FOOTER_PAGE');
  // Fetched alongside the settings rather than after them (see the home page), but observed
  // by the footer alone: their arrival re-renders the footer, not the whole frame.
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(companiesQueryOptions());
  }, [queryClient]);
  const links = navLinks(settings);
  // The worker installs once the screen is usable, not while its first load is still running.
  useEffect(() => {
    if (!isLoading) startServiceWorkerWhenLoaded();
  }, [isLoading]);

  return (
    <div className={IS_EMBEDDED ? styles.frame : `${styles.frame} ${styles.fullHeight}`}>
      <SkipLink />
      <SiteHeader
        phone={isLoading ? '' : companyPhone(settings)}
        menuToggle={showNavbar ? <MobileMenu links={links} /> : null}
      />
      {showNavbar ? <SiteNavbar links={links} /> : null}
      {/* At least a screen tall, so the footer starts below the fold and content arriving
          later never pushes visible things around (layout shift). Not when framed: the frame
          takes the content's height (lib/embedded.ts). */}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={IS_EMBEDDED ? styles.main : `${styles.main} ${styles.mainFullHeight}`}
      >
        {/* Rendered but hidden under the overlay, so the screen's code loads meanwhile. */}
        <div hidden={isLoading}>
          <ScreenErrorBoundary key={pathname}>
            <Suspense fallback={<RouteFallback />}>
              <Outlet />
            </Suspense>
          </ScreenErrorBoundary>
        </div>
      </main>
      {/* Below the fold (main is a screen tall): drawn in a task after the screen's own. */}
      {showFooter ? (
        <Deferred>
          <FooterWithCompanies settings={settings} />
        </Deferred>
      ) : null}
      {isLoading ? <LoadingOverlay /> : null}
      <UpdatePrompt />
      <ScrollToTop />
    </div>
  );
}

function FooterWithCompanies({ settings }: { settings: SettingsMap }) {
  const companies = useCompanies();
  return <SiteFooter settings={settings} companies={companies.data ?? []} />;
}
