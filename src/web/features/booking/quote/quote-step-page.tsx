import { useSettings } from '../../../api/get-settings';
import container from '../../../components/container.module.css';
import styles from './home-page.module.css';
import { QuoteTabs } from './quote-tabs';

/** Step 1 of the booking flow (/booktripview): the same quote card on its own page. */
export function QuoteStepPage() {
  const { settings } = useSettings();
  return (
    <div className={`${container.container} ${container.narrow} ${styles.quoteStep}`}>
      <h1 className={styles.quoteStepTitle}>Quote</h1>
      <QuoteTabs settings={settings} />
    </div>
  );
}
