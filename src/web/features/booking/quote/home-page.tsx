import { useMemo } from 'react';
import { isEnabled } from '../../../../domain/settings';
import { usePopularPlaces } from '../../../api/get-addresses';
import { useSettings } from '../../../api/get-settings';
import { useVehicles } from '../../../api/get-vehicles';
import { ContactCards } from '../../../components/contact-cards';
import { LoadingBlock } from '../../../components/loading-block';
import container from '../../../components/container.module.css';
import { Section } from '../../../components/section';
import { Deferred } from '../../../lib/deferred-mount';
import { FleetSection } from './fleet-section';
import styles from './home-page.module.css';
import { POPULAR_PLACES_LIMIT, PopularLocations } from './popular-locations';
import { QuoteTabs } from './quote-tabs';

/** Home: the quote form's place, then the optional sections the settings switch on. */
export function HomePage() {
  const { settings, hasLoaded } = useSettings();
  const showFleet = isEnabled(settings, 'SHOW_COMPANY_FLEET_VIEW_SECTION');
  const showContact = isEnabled(settings, 'SHOW_COMPANY_CONTACT_SECTION');
  const showPopular = isEnabled(settings, 'SHOW_POPULAR_LOCATION_PAGE');
  // Asked for at once, alongside the settings, not once the settings switch a section on: on
  // a 300 ms airport link that waterfall costs a round trip. Both lists are small, and the
  // service worker keeps them for offline use anyway.
  const vehicles = useVehicles();
  const places = usePopularPlaces({ limit: POPULAR_PLACES_LIMIT });
  // The sections appear together once their data has settled: one arriving before another
  // would otherwise be pushed down the page as the other appears above it. Only this component
  // observes the queries; a section that failed to load is left out (the failure is logged).
  const sectionsPending = (showFleet && vehicles.isPending) || (showPopular && places.isPending);

  // The same element until the settings change: the fleet and places arriving re-render this
  // page, and need not render the quote card again.
  const hero = useMemo(
    () => (
      <div className={styles.hero}>
        <div className={`${container.container} ${container.narrow}`}>
          <h1 className={styles.title}>Taxis and airport transfers across the UK</h1>
          <p className={styles.intro}>
            Fixed prices, licensed drivers, and meet and greet with flight tracking.
          </p>
          <QuoteTabs settings={settings} />
        </div>
      </div>
    ),
    [settings],
  );

  // Under the first load's cover nothing of the page is drawn: it would be drawn under the
  // fallback settings and then again under the operator's, on a first visit's busiest seconds.
  // Once drawn it stays, even while a failed load is retried (the cover shows again meanwhile).
  // It also keeps the build-time first screen (src/web/prerender.tsx) free of anything that
  // depends on the day, the visitor's storage or the settings, so hydrating it always matches.
  if (!hasLoaded) return null;

  return (
    <>
      {hero}
      {sectionsPending ? (
        <div className={`${container.container} ${container.wide}`}>
          <LoadingBlock label="Loading" />
        </div>
      ) : (
        <>
          {/* Below the quote card: each drawn in a task of its own after the card. */}
          {showFleet && vehicles.data ? (
            <Deferred>
              <FleetSection vehicles={vehicles.data} />
            </Deferred>
          ) : null}
          {showContact ? (
            <Deferred>
              <Section title="Contact Us">
                <ContactCards settings={settings} />
              </Section>
            </Deferred>
          ) : null}
          {showPopular && places.data ? (
            <Deferred>
              <PopularLocations places={places.data} />
            </Deferred>
          ) : null}
        </>
      )}
    </>
  );
}
