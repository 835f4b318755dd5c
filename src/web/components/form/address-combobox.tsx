import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useAddressSuggestions, usePopularPlaces } from '../../api/get-addresses';
import { useGoogleMaps } from '../../lib/google-maps';
import { errorProps, FieldError, FieldLabel, TextInput } from './fields';
import type { AddressOption, PlacesBias } from '../../lib/google-places';
import styles from './address-combobox.module.css';
import { useOnline } from '../../lib/use-online';

export type { AddressOption } from '../../lib/google-places';

/** The spec's dropdown hide delay (section 9): a click on a suggestion lands before it closes. */
export const HIDE_DELAY_MS = 200;
/** Typing settles this long before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 200;
// Google's side loads only where a key is set, keeping it off the home page's first load.
const loadGooglePlaces = () => import('../../lib/google-places');

/** The popular places the home page lists; the same request serves both. */
const POPULAR_LIMIT = 12;
const DEFAULT_LIMIT = 8;

type AddressComboboxProps = {
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
  /** Characters needed before searching (return addresses: 2). */
  minChars?: number;
  /** Most suggestions shown (stops: 5). */
  limit?: number;
  /** Google's bias: 50 km around the visitor, or about 0.1 degree for stops. */
  bias?: PlacesBias;
  /** The GOOGLE_API_KEY setting; when empty, offline or failing, the server suggests. */
  googleApiKey?: string | undefined;
  /** Offer popular places while the field is empty. */
  showPopular?: boolean;
  placeholder?: string;
  /** A control beside the input, e.g. the current-location marker. */
  endElement?: ReactNode;
  /** The journey's other end as typed: the server puts places nearer it first. */
  near?: string | undefined;
};

/** The value after it has stopped changing for `delay` ms. */
function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Google's suggestions for the settled text, or a failure the caller falls back from. */
function useGoogleOptions(
  query: string,
  { enabled, bias, limit }: { enabled: boolean; bias: PlacesBias; limit: number },
) {
  const [result, setResult] = useState<{ query: string; options: AddressOption[] }>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled || failed) return;
    let current = true;
    loadGooglePlaces()
      .then(({ googleSuggestions }) => googleSuggestions(query, { bias, limit }))
      .then(
        (options) => {
          if (current) setResult({ query, options });
        },
        (error: unknown) => {
          // The spec logs maps failures only; the server's suggestions take over.
          console.error('Google Places suggestions failed; using the server suggestions.', error);
          if (current) setFailed(true);
        },
      );
    return () => {
      current = false;
    };
  }, [query, enabled, failed, bias, limit]);
  return { options: result?.query === query ? result.options : undefined, failed };
}

/**
 * An address field with suggestions, as the WAI-ARIA combobox pattern describes: the input is
 * the combobox, the suggestions a listbox of options; Arrow Up/Down move, Enter picks, Escape
 * closes, and focus never leaves the input. Suggestions come from Google Places when the
 * GOOGLE_API_KEY setting is set, the script loaded and the device online; otherwise from the
 * server's /ai-addresses (popular places while empty).
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
  minChars = 1,
  limit = DEFAULT_LIMIT,
  bias = 'wide',
  googleApiKey,
  showPopular = true,
  placeholder,
  endElement,
  near,
}: AddressComboboxProps) {
  const id = useId();
  const listId = `${id}-listbox`;
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  // The highlighted option belongs to one list: a new list starts with nothing highlighted.
  const [highlight, setHighlight] = useState({ list: '', index: -1 });
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listRef = useRef<HTMLUListElement>(null);

  const text = value.trim();
  const query = useDebouncedValue(text, SUGGEST_DEBOUNCE_MS);
  const searching = focused && query.length >= minChars;
  const online = useOnline();
  const maps = useGoogleMaps(googleApiKey);
  const google = useGoogleOptions(query, {
    enabled: searching && online && maps.isLoaded,
    bias,
    limit,
  });
  const useGoogle = online && maps.isLoaded && !google.failed;
  const server = useAddressSuggestions(query, { enabled: searching && !useGoogle, near });
  const popular = usePopularPlaces({ limit: POPULAR_LIMIT });

  let options: AddressOption[] = [];
  if (text === '') {
    if (showPopular)
      options = (popular.data ?? []).map((place) => ({
        id: `popular-${place.id}`,
        address: place.address,
        area: place.area,
      }));
  } else if (query === text && text.length >= minChars) {
    // Only answers to the text in the box now: while the typing settles (or a paste is
    // pending) the last query's places would be picked for the new text (issue 20).
    options = useGoogle
      ? (google.options ?? [])
      : (server.data ?? []).map((place) => ({
          id: `place-${place.id}`,
          address: place.address,
          area: place.area,
        }));
  }
  options = options.slice(0, limit);
  const expanded = open && focused && options.length > 0;
  const optionsKey = options.map((option) => option.id).join('|');
  const activeIndex = expanded && highlight.list === optionsKey ? highlight.index : -1;
  const setActive = (index: number) => setHighlight({ list: optionsKey, index });
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current
      ?.querySelector(`[id="${optionId(activeIndex)}"]`)
      ?.scrollIntoView({ block: 'nearest' });
    // optionId depends only on id, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const pick = (option: AddressOption) => {
    onPick(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(count > 0 ? 0 : -1);
        } else setActive((activeIndex + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(count > 0 ? count - 1 : -1);
        } else setActive(activeIndex <= 0 ? count - 1 : activeIndex - 1);
        break;
      case 'Enter': {
        const option = activeIndex >= 0 ? options[activeIndex] : undefined;
        if (option) {
          // Picks the suggestion instead of submitting the form.
          event.preventDefault();
          pick(option);
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

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
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            value={value}
            {...errorProps(id, error)}
            onChange={(event) => {
              onChange(event.target.value);
              setOpen(true);
            }}
            onFocus={() => {
              clearTimeout(hideTimer.current);
              setFocused(true);
              setOpen(true);
            }}
            onBlur={() => {
              onBlur?.();
              clearTimeout(hideTimer.current);
              hideTimer.current = setTimeout(() => {
                setFocused(false);
                setOpen(false);
                setActive(-1);
              }, HIDE_DELAY_MS);
            }}
            onKeyDown={onKeyDown}
          />
          {endElement}
        </div>
        <ul
          ref={listRef}
          className={styles.listbox}
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!expanded}
        >
          {expanded
            ? options.map((option, index) => (
                <li
                  key={option.id}
                  className={styles.option}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  // Keeps focus in the input, so the pick is not lost to the blur.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(option)}
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
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
