import { forwardRef, type ComponentProps } from 'react';
import { classNames } from '../lib/class-names';
import styles from './plain-button.module.css';

type PlainButtonProps = ComponentProps<'button'> & {
  variant?: 'solid' | 'outline' | 'ghost';
  size?: 'xs' | 'sm' | 'md' | 'lg';
  /** An icon alone: no side padding, as wide as it is tall. */
  square?: boolean;
};

/**
 * A button styled by static CSS (plain-button.module.css), looking like Chakra's Button. For the
 * home page's first screen, where Chakra resolving each button's styles in the browser was
 * main-thread work a slow phone felt; elsewhere Chakra's Button is fine.
 */
export const PlainButton = forwardRef<HTMLButtonElement, PlainButtonProps>(function PlainButton(
  { variant = 'outline', size = 'md', square = false, className, type = 'button', ...button },
  ref,
) {
  const names = classNames(
    styles.button,
    styles[variant],
    styles[size],
    square && styles.square,
    className,
  );
  return <button ref={ref} type={type} className={names} {...button} />;
});
