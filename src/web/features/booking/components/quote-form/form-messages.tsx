import { classNames } from '../../../../lib/class-names';
import { PlainButton } from '../../../../components/plain-button';
import styles from './quote-form.module.css';
import { OFFLINE_PRICE_MESSAGE } from './use-submit-quote';

/**
 * Problems no single field shows, and the calm note that a price needs a connection. The live
 * region is always there (empty, no height), so screen readers announce the note when it appears.
 */
export function FormMessages({ messages, offline }: { messages: string[]; offline: boolean }) {
  return (
    <>
      {messages.length > 0 ? (
        <div role="alert" className={`${styles.notice} ${styles.problems}`}>
          {messages.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </div>
      ) : null}
      <div role="status" aria-live="polite">
        {offline ? (
          <div className={`${styles.notice} ${styles.offline}`}>{OFFLINE_PRICE_MESSAGE}</div>
        ) : null}
      </div>
    </>
  );
}

/** The quote forms' end: their messages above the submit button (right-aligned from 768px). */
export function SubmitRow({
  messages,
  offline,
  label,
  busy,
  compact,
}: {
  messages: string[];
  offline: boolean;
  label: string;
  busy: boolean;
  /** In a popup: the button takes the full width. */
  compact: boolean;
}) {
  return (
    <div className={styles.submitRow}>
      <FormMessages messages={messages} offline={offline} />
      <PlainButton
        type="submit"
        variant="solid"
        size="lg"
        className={classNames(styles.submit, compact && styles.compact)}
        disabled={busy}
      >
        {label}
      </PlainButton>
    </div>
  );
}
