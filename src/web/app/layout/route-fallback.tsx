import { Spinner } from '../../components/spinner';
import styles from './frame.module.css';

/** Shown in the main area while a page's code loads; keeps the footer from jumping up. */
export function RouteFallback() {
  return (
    <div className={styles.routeFallback}>
      <Spinner size="lg" brand label="Loading page" />
    </div>
  );
}
