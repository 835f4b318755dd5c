import { useEffect, useRef } from 'react';
import type { AddressOption } from '../../lib/google-places';
import styles from './address-combobox.module.css';

/** The listbox's id, for the input's aria-controls. */
export const listboxIdOf = (comboboxId: string) => `${comboboxId}-listbox`;
/** An option's id, for the input's aria-activedescendant. */
export const optionIdOf = (comboboxId: string, index: number) => `${comboboxId}-option-${index}`;

type AddressListboxProps = {
  /** The input's id: the list's ids derive from it. */
  comboboxId: string;
  /** The field's label: the list is its '… suggestions'. */
  label: string;
  options: readonly AddressOption[];
  expanded: boolean;
  activeIndex: number;
  onPick: (option: AddressOption) => void;
};

/**
 * An address field's suggestions under it. The list is always in the page (hidden while closed),
 * so the input's aria-controls always points at it; the highlighted option scrolls into view.
 */
export function AddressListbox({
  comboboxId,
  label,
  options,
  expanded,
  activeIndex,
  onPick,
}: AddressListboxProps) {
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current
      ?.querySelector(`[id="${optionIdOf(comboboxId, activeIndex)}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, comboboxId]);

  return (
    <ul
      ref={listRef}
      className={styles.listbox}
      id={listboxIdOf(comboboxId)}
      role="listbox"
      aria-label={`${label} suggestions`}
      hidden={!expanded}
    >
      {expanded
        ? options.map((option, index) => (
            <li
              key={option.id}
              className={styles.option}
              id={optionIdOf(comboboxId, index)}
              role="option"
              aria-selected={index === activeIndex}
              // Keeps focus in the input, so the pick is not lost to the blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(option)}
            >
              {option.address}
              {option.area ? (
                // Which of several same-named places this is: "Waterloo, Merseyside".
                <span className={styles.area}>, {option.area}</span>
              ) : null}
            </li>
          ))
        : null}
    </ul>
  );
}
