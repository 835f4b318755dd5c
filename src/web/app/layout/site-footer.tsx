import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { COMPANY_POSTAL_ADDRESS, PRODUCT_BLURB, PRODUCT_NAME } from '../../../domain/company-info';
import type { Company } from '../../../domain/fleet';
import { companyEmail, companyPhone, type SettingsMap } from '../../../domain/settings';
import container from '../../components/container.module.css';
import focus from '../../components/focus.module.css';
import { MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons';
import { ROUTES } from '../../config/routes';
import { mailtoHref, telHref } from '../../lib/contact-links';
import styles from './frame.module.css';

type SiteFooterProps = {
  settings: SettingsMap;
  companies: readonly Company[];
  /** Fixed for tests; defaults to now. */
  year?: number;
};

function FooterHeading({ children }: { children: ReactNode }) {
  return <h2 className={styles.footerHeading}>{children}</h2>;
}

/** Blurb, operator names, contact details, fixed address and copyright (spec section 2, footer). */
export function SiteFooter({
  settings,
  companies,
  year = new Date().getFullYear(),
}: SiteFooterProps) {
  const phone = companyPhone(settings);
  const email = companyEmail(settings);
  return (
    <footer className={`${styles.footer} ${focus.onDark}`}>
      <div className={`${container.container} ${container.wide} ${styles.footerBody}`}>
        <div className={styles.footerColumns}>
          <div>
            <FooterHeading>{PRODUCT_NAME}</FooterHeading>
            <p>{PRODUCT_BLURB}</p>
            <p className={styles.footerManage}>
              <Link to={ROUTES.manageBooking} className={styles.footerLink}>
                Manage booking
              </Link>
            </p>
          </div>
          <div>
            <FooterHeading>Operators</FooterHeading>
            {companies.length > 0 ? (
              <ul className={styles.footerList}>
                {companies.map((company) => (
                  <li key={company.id}>{company.company.company_name}</li>
                ))}
              </ul>
            ) : (
              <p>Licensed UK operators</p>
            )}
          </div>
          <div>
            <FooterHeading>Contact</FooterHeading>
            <ul className={styles.footerContacts}>
              {phone ? (
                <li className={styles.footerContact}>
                  <PhoneIcon />
                  <a href={telHref(phone)} className={styles.footerLink}>
                    {phone}
                  </a>
                </li>
              ) : null}
              {email ? (
                <li className={styles.footerContact}>
                  <MailIcon />
                  <a href={mailtoHref(email)} className={styles.footerLink}>
                    {email}
                  </a>
                </li>
              ) : null}
              <li className={`${styles.footerContact} ${styles.footerAddress}`}>
                <MapPinIcon />
                <address className={styles.footerAddress}>{COMPANY_POSTAL_ADDRESS}</address>
              </li>
            </ul>
          </div>
        </div>
        <p className={styles.copyright}>
          © {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
