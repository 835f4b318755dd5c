import { useId } from 'react';
import { classNames } from '../../../../lib/class-names';
import { PlainButton } from '../../../../components/plain-button';
import styles from './quote-form.module.css';
import { OFFLINE_PRICE_MESSAGE } from './use-submit-quote';

/**
 * Problems no single field shows, and the calm note that a price needs a connection. The live
 * region is always there (empty, no height), so screen readers announce the note when it appears.
 */
export function FormMessages({
  messages,
  offline,
  id,
}: {
  messages: string[];
  offline: boolean;
  /** The problems' id, for the button they stop (aria-describedby). */
  id?: string;
}) {
  return (
    <>
      {messages.length > 0 ? (
        <div id={id} role="alert" className={`${styles.notice} ${styles.problems}`}>
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
  const messagesId = useId();
  return (
    <div className={styles.submitRow}>
      <FormMessages id={messagesId} messages={messages} offline={offline} />
      <PlainButton
        type="submit"
        variant="solid"
        size="lg"
        className={classNames(styles.submit, compact && styles.compact)}
        disabled={busy}
        // The button tells what still stops it, e.g. a return time not chosen.
        aria-describedby={messages.length > 0 ? messagesId : undefined}
      >
        {label}
      </PlainButton>
    </div>
  );
}
