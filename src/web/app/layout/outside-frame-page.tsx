import { useLocation } from 'react-router-dom';
import { OUTSIDE_FRAME } from '../../../domain/messages';
import container from '../../components/container.module.css';
import styles from './frame.module.css';

/**
 * In place of a page that only this site may frame (contract/app-routes.ts EMBEDDABLE_ROUTES),
 * reached by a link inside an operator's frame. The server already refuses to let another site
 * frame such a page on load; a link within the app never reloads, so the app refuses too.
 */
export function OutsideFramePage() {
  const { pathname, search } = useLocation();
  return (
    <div className={`${container.container} ${styles.failure}`}>
      <h1 className={styles.failureTitle}>{OUTSIDE_FRAME.title}</h1>
      <p className={styles.failureText}>{OUTSIDE_FRAME.text}</p>
      <a href={`${pathname}${search}`} target="_blank" rel="noopener noreferrer">
        {OUTSIDE_FRAME.link}
      </a>
    </div>
  );
}
