import { Link } from 'react-router-dom';
import { PAGE_NOT_FOUND } from '../../../domain/messages';
import container from '../../components/container.module.css';
import { ROUTES } from '../../config/routes';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './frame.module.css';

/**
 * An address that is no page of the app (contract/app-routes.ts). The server answers such an
 * address 404 with the app's shell, so this is what a person sees, with a way home.
 */
export function NotFoundPage() {
  useDocumentTitle(`${PAGE_NOT_FOUND.title} — RideBook UK`);
  return (
    <div className={`${container.container} ${styles.failure}`}>
      <h1 className={styles.failureTitle}>{PAGE_NOT_FOUND.title}</h1>
      <p className={styles.failureText}>{PAGE_NOT_FOUND.text}</p>
      <Link to={ROUTES.home}>{PAGE_NOT_FOUND.homeLink}</Link>
    </div>
  );
}
