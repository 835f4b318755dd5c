import { NavLink } from 'react-router-dom';
import container from '../../components/container.module.css';
import styles from './frame.module.css';
import type { NavLinkItem } from './nav-links';

/** The desktop link row; at 768px and below the header's menu toggle takes its place. */
export function SiteNavbar({ links }: { links: readonly NavLinkItem[] }) {
  return (
    <nav aria-label="Main" className={styles.navbar}>
      <div className={`${container.container} ${container.wide}`}>
        <ul className={styles.navList}>
          {links.map((link) => (
            <li key={link.to} className={styles.navItem}>
              <NavLink to={link.to} end className={styles.navLink}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
