import { useId, type ReactNode } from 'react';
import container from './container.module.css';
import styles from './sections.module.css';

type SectionProps = {
  title: string;
  children: ReactNode;
  /** Optional line under the heading. */
  intro?: ReactNode;
};

/** A page section with an h2 that names it for assistive technology (aria-labelledby). */
export function Section({ title, intro, children }: SectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={`${container.container} ${container.wide}`}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {intro ? <div className={styles.intro}>{intro}</div> : null}
        {children}
      </div>
    </section>
  );
}
