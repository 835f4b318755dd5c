import { useId, useState, type ReactNode, type Ref } from 'react';
import { errorProps, FieldError, FieldLabel, TextInput } from './fields';
import type { AddressOption } from '../../lib/google-places';
import styles from './address-combobox.module.css';
import { AddressListbox, listboxIdOf, optionIdOf } from './address-listbox';
import { useAddressOptions, type AddressSearch } from './use-address-options';
import { useComboboxPopup } from './use-combobox-popup';

export type { AddressOption } from '../../lib/google-places';

type AddressComboboxProps = AddressSearch & {
  /** Visible label and accessible name, e.g. 'Pick-Up'. */
  label: string;
  value: string;
  /** Each keystroke; the address no longer matches any coordinates it had. */
  onChange: (text: string) => void;
  /** A suggestion was chosen by click, tap or Enter. */
  onPick: (option: AddressOption) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  error?: string | undefined;
  placeholder?: string;
  /** A control beside the input, e.g. the current-location marker. */
  endElement?: ReactNode;
};

/**
 * An address field with suggestions, as the WAI-ARIA combobox pattern describes: the input is
 * the combobox, the suggestions a listbox of options (use-combobox-popup.ts moves between them).
 * Suggestions come from Google Places or the server (use-address-options.ts).
 */
export function AddressCombobox({
  label,
  value,
  onChange,
  onPick,
  onBlur,
  inputRef,
  name,
  error,
  placeholder,
  endElement,
  ...search
}: AddressComboboxProps) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const options = useAddressOptions(value, focused, search);
  const popup = useComboboxPopup(options, { focused, setFocused, onPick, onBlur });
  const { activeIndex } = popup;

  return (
    <div className={styles.combobox}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <div className={styles.comboboxAnchor}>
        <div className={styles.comboboxRow}>
          <TextInput
            ref={inputRef}
            id={id}
            name={name}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={popup.expanded}
            aria-controls={listboxIdOf(id)}
            aria-activedescendant={activeIndex >= 0 ? optionIdOf(id, activeIndex) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            value={value}
            {...errorProps(id, error)}
            onChange={(event) => {
              onChange(event.target.value);
              popup.show();
            }}
            onFocus={popup.onFocus}
            onBlur={popup.onBlur}
            onKeyDown={popup.onKeyDown}
          />
          {endElement}
        </div>
        <AddressListbox
          comboboxId={id}
          label={label}
          options={options}
          expanded={popup.expanded}
          activeIndex={activeIndex}
          onPick={popup.pick}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
