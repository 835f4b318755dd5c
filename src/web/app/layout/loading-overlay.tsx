import { MESSAGES } from '../../../domain/messages';
import { Spinner } from '../../components/spinner';
import styles from './frame.module.css';

/** Full-screen cover while the first settings load runs with nothing cached (spec section 2). */
export function LoadingOverlay() {
  return (
    <div role="status" aria-live="polite" className={styles.cover}>
      <Spinner size="xl" brand />
      <p className={styles.coverText}>{MESSAGES.loadingContent}</p>
    </div>
  );
}
