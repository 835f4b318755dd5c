import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../domain/company-info';
import container from '../../components/container.module.css';
import focus from '../../components/focus.module.css';
import { PhoneIcon } from '../../components/icons';
import { ROUTES } from '../../config/routes';
import { telHref } from '../../lib/contact-links';
import styles from './frame.module.css';

type SiteHeaderProps = {
  phone: string;
  /** The mobile menu toggle, when the navbar is shown on this route. */
  menuToggle?: ReactNode;
};

/** Company name and contact phone (spec section 2, header). */
export function SiteHeader({ phone, menuToggle }: SiteHeaderProps) {
  return (
    <header className={`${styles.header} ${focus.onDark}`}>
      <div className={`${container.container} ${container.wide}`}>
        <div className={styles.headerRow}>
          <RouterLink to={ROUTES.home} className={styles.brandLink}>
            {PRODUCT_NAME}
          </RouterLink>
          <div className={styles.headerEnd}>
            {phone ? (
              <a href={telHref(phone)} className={styles.phone}>
                <PhoneIcon />
                <span>{phone}</span>
              </a>
            ) : null}
            {menuToggle}
          </div>
        </div>
      </div>
    </header>
  );
}
