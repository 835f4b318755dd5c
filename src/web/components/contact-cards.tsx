import type { ReactNode } from 'react';
import { COMPANY_POSTAL_ADDRESS } from '../../domain/company-info';
import { companyEmail, companyPhone, type SettingsMap } from '../../domain/settings';
import { mailtoHref, telHref } from '../lib/contact-links';
import { MailIcon, MapPinIcon, PhoneIcon } from './icons';
import styles from './sections.module.css';

function ContactCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <article className={`${styles.card} ${styles.contactCard}`}>
      <div className={styles.contactIcon}>{icon}</div>
      <div className={styles.contactBody}>
        <h3 className={styles.cardHeading}>{title}</h3>
        {children}
      </div>
    </article>
  );
}

/** Phone, email and the fixed postal address (spec section 2, contact cards). */
export function ContactCards({ settings }: { settings: SettingsMap }) {
  const phone = companyPhone(settings);
  const email = companyEmail(settings);
  return (
    <div className={styles.grid}>
      {phone ? (
        <ContactCard icon={<PhoneIcon />} title="Phone">
          <a href={telHref(phone)} className={styles.contactLink}>
            {phone}
          </a>
        </ContactCard>
      ) : null}
      {email ? (
        <ContactCard icon={<MailIcon />} title="Email">
          <a href={mailtoHref(email)} className={styles.contactLink}>
            {email}
          </a>
        </ContactCard>
      ) : null}
      <ContactCard icon={<MapPinIcon />} title="Address">
        <address className={styles.address}>{COMPANY_POSTAL_ADDRESS}</address>
      </ContactCard>
    </div>
  );
}
