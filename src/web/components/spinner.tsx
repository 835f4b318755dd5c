import { classNames } from '../lib/class-names';
import styles from './spinner.module.css';

type SpinnerProps = {
  size?: 'sm' | 'lg' | 'xl';
  /** In the brand's blue; otherwise the text colour around it. */
  brand?: boolean;
  /** Names it for screen readers when no text beside it says what is loading. */
  label?: string;
};

/**
 * A spinning ring drawn by static CSS. The frame and the home page show one on a first visit,
 * before Chakra is loaded (components/chakra/chakra-scope.tsx), so they cannot use Chakra's.
 */
export function Spinner({ size = 'sm', brand = false, label }: SpinnerProps) {
  const names = classNames(styles.spinner, styles[size], brand && styles.brand);
  return label ? (
    <span className={names} role="status" aria-label={label} />
  ) : (
    <span className={names} aria-hidden="true" />
  );
}
