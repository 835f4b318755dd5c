import styles from './frame.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** Lets keyboard users jump past the header and navbar; visible only when focused. */
export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={styles.skipLink}>
      Skip to main content
    </a>
  );
}
