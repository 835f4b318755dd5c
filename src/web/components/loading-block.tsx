import styles from './sections.module.css';
import { Spinner } from './spinner';

/** An inline "loading" line for a section whose data is on its way. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div role="status" className={styles.loading}>
      <Spinner brand />
      <p>{label}</p>
    </div>
  );
}
