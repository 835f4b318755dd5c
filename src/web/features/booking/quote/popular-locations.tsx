import { useState } from 'react';
import { MapPinIcon } from '../../../components/icons';
import { Section } from '../../../components/section';
import styles from '../../../components/sections.module.css';
import type { AddressSuggestion } from '../../../../domain/fleet';
import { pickPopularPlace, useLatestPopularPick } from '../api/save-popular-pick';

/** How many popular places the section lists. */
export const POPULAR_PLACES_LIMIT = 12;

/** Popular places from /ai-addresses; picking one keeps it for the quote form. */
export function PopularLocations({ places }: { places: readonly AddressSuggestion[] }) {
  const [shownAt] = useState(() => Date.now());
  const picked = useLatestPopularPick(shownAt);
  if (places.length === 0) return null;

  return (
    <Section title="Popular Locations" intro={<p>Choose a place to start your quote from it.</p>}>
      <ul className={styles.placesGrid}>
        {places.map((place) => (
          <li key={place.id}>
            <button
              type="button"
              aria-pressed={picked?.id === place.id}
              onClick={() => void pickPopularPlace(place)}
              className={`${styles.card} ${styles.place}`}
            >
              <span className={styles.placeIcon}>
                <MapPinIcon />
              </span>
              <span>{place.address}</span>
            </button>
          </li>
        ))}
      </ul>
      <div role="status" aria-live="polite" className={styles.placeStatus}>
        {picked ? `${picked.address} is saved for your quote.` : null}
      </div>
    </Section>
  );
}
