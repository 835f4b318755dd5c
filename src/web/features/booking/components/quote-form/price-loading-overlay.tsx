import { createPortal } from 'react-dom';
import { MESSAGES } from '../../../../../domain/messages';
import { Spinner } from '../../../../components/spinner';
import styles from './quote-form.module.css';

/** The labels the spec's price-loading screen shows (section 2). */
export const PRICE_LOADING_LABELS = [
  'Lowest Price',
  'Multiple Companies',
  'Cheapest Price of a Company',
] as const;

/** Full-screen cover while the prices are fetched; it also blocks a second submit. */
export function PriceLoadingOverlay() {
  // On the body, so a fixed cover is never clipped by a transformed parent (e.g. a dialog).
  return createPortal(
    <div role="status" aria-live="polite" className={styles.pricesCover}>
      <Spinner size="xl" brand />
      <p className={styles.pricesTitle}>{MESSAGES.fetchingPrices}</p>
      <ul className={styles.pricesLabels}>
        {PRICE_LOADING_LABELS.map((label) => (
          <li key={label} className={styles.pricesLabel}>
            {label}
          </li>
        ))}
      </ul>
      <p>{MESSAGES.loadingPrice}</p>
    </div>,
    document.body,
  );
}
