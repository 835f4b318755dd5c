import { Component, type ReactNode } from 'react';
import container from '../../components/container.module.css';
import { PlainButton } from '../../components/plain-button';
import styles from './frame.module.css';

/**
 * Shown when a screen fails to render or its code can't load (typically an old tab asking for
 * a file a newer release replaced). A reload fetches the current version. Give it a `key` that
 * changes on navigation, so moving to another screen clears the error.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Screen failed:', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={`${container.container} ${styles.failure}`}>
        <h1 className={styles.failureTitle}>Something went wrong</h1>
        <p className={styles.failureText}>
          This page could not be shown. Reloading usually fixes it; your booking details are saved.
        </p>
        <PlainButton variant="solid" onClick={() => window.location.reload()}>
          Reload
        </PlainButton>
      </div>
    );
  }
}
