import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/** The spec's dropdown hide delay (section 9): a click on a suggestion lands before it closes. */
export const HIDE_DELAY_MS = 200;

type PopupOptions<T> = {
  /** Whether the input has focus; the field's suggestions search only while it does. */
  focused: boolean;
  setFocused: (focused: boolean) => void;
  /** An option was chosen by click, tap or Enter. */
  onPick: (option: T) => void;
  onBlur?: (() => void) | undefined;
};

/** The option Arrow Down or Up highlights: round the ends, from the first or last on opening. */
function nextIndex(key: 'ArrowDown' | 'ArrowUp', expanded: boolean, active: number, count: number) {
  if (!expanded) {
    if (count === 0) return -1;
    return key === 'ArrowDown' ? 0 : count - 1;
  }
  if (key === 'ArrowDown') return (active + 1) % count;
  return active <= 0 ? count - 1 : active - 1;
}

/**
 * A combobox's list, as the WAI-ARIA combobox pattern moves it: whether it is open and which
 * option is highlighted. Arrow Up/Down move, Enter picks, Escape closes, and focus never leaves
 * the input; the list hides a moment after the input loses focus, so a click on it lands first.
 */
export function useComboboxPopup<T extends { id: string }>(
  options: readonly T[],
  { focused, setFocused, onPick, onBlur }: PopupOptions<T>,
) {
  const [open, setOpen] = useState(false);
  // The highlighted option belongs to one list: a new list starts with nothing highlighted.
  const [highlight, setHighlight] = useState({ list: '', index: -1 });
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const expanded = open && focused && options.length > 0;
  const optionsKey = options.map((option) => option.id).join('|');
  const activeIndex = expanded && highlight.list === optionsKey ? highlight.index : -1;
  const setActive = (index: number) => setHighlight({ list: optionsKey, index });

  const pick = (option: T) => {
    onPick(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive(nextIndex(event.key, expanded, activeIndex, options.length));
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

  return {
    expanded,
    activeIndex,
    pick,
    onKeyDown,
    /** Typing opens the list again after Escape or a pick. */
    show: () => setOpen(true),
    onFocus: () => {
      clearTimeout(hideTimer.current);
      setFocused(true);
      setOpen(true);
    },
    onBlur: () => {
      onBlur?.();
      clearTimeout(hideTimer.current);
      hideTimer.current = setTimeout(() => {
        setFocused(false);
        setOpen(false);
        setActive(-1);
      }, HIDE_DELAY_MS);
    },
  };
}
